import { createHash, createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { CHAIN_KEYED, CHAIN_PLAIN, type ChainedFields, entryHash } from './activity-chain.ts';
import { ActivityKey } from './activity-key.ts';

const fields: ChainedFields = {
  seq: 7,
  entryId: '0b6a1f4e-4f0e-4c39-9b0e-5f1d2f3a4b5c',
  at: new Date('2026-11-27T10:00:00.123Z'),
  actorUserId: 1,
  actorEmail: 'admin@demo.test',
  actorRole: 0,
  actorBusinessId: 1,
  controllerId: 3,
  businessId: 2,
  ticketId: null,
  kind: 'board.gcode',
  detail: { gcode: 'M115', via: 'admin' },
  address: '127.0.0.1',
  outcome: 200,
};
const key = new ActivityKey('a-key-of-the-activity-record-32-chars!');
const start = '0'.repeat(64);
const canonical = String(canonicalize({ ...fields, at: fields.at.toISOString() }));

describe("an activity entry's hash", () => {
  it('is the same however the fields and the detail are ordered (as jsonb gives them back)', () => {
    const reordered = { ...fields, detail: { via: 'admin', gcode: 'M115' } };
    for (const version of [CHAIN_PLAIN, CHAIN_KEYED] as const) {
      expect(entryHash(version, start, reordered, key)).toBe(entryHash(version, start, fields, key));
    }
  });

  it('changes with any field, and with the hash before it', () => {
    const base = entryHash(CHAIN_KEYED, start, fields, key);
    expect(entryHash(CHAIN_KEYED, '1'.repeat(64), fields, key)).not.toBe(base);
    expect(entryHash(CHAIN_KEYED, start, { ...fields, outcome: 500 }, key)).not.toBe(base);
    expect(
      entryHash(CHAIN_KEYED, start, { ...fields, detail: { gcode: 'M116', via: 'admin' } }, key),
    ).not.toBe(base);
    expect(
      entryHash(CHAIN_KEYED, start, { ...fields, at: new Date('2026-11-27T10:00:00.124Z') }, key),
    ).not.toBe(base);
  });

  it('is SHA-256 for the entries written before the key, as they were', () => {
    const plain = createHash('sha256').update(start).update('\n').update(canonical).digest('hex');
    expect(entryHash(CHAIN_PLAIN, start, fields, key)).toBe(plain);
  });

  it('is HMAC-SHA-256 with the key for keyed entries: neither SHA-256 nor another key gives it', () => {
    const keyed = entryHash(CHAIN_KEYED, start, fields, key);
    expect(keyed).toBe(
      createHmac('sha256', 'a-key-of-the-activity-record-32-chars!')
        .update(`activity entry\n${start}\n${canonical}\n`)
        .digest('hex'),
    );
    expect(keyed).not.toBe(entryHash(CHAIN_PLAIN, start, fields, key));
    const guessed = new ActivityKey('another-key-of-the-record-32-chars!!!');
    expect(entryHash(CHAIN_KEYED, start, fields, guessed)).not.toBe(keyed);
  });
});
