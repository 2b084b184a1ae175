import { describe, expect, it } from 'vitest';
import { type ChainedFields, entryHash } from './activity-chain.ts';

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

describe("an activity entry's hash", () => {
  it('is the same however the fields and the detail are ordered (as jsonb gives them back)', () => {
    const reordered = { ...fields, detail: { via: 'admin', gcode: 'M115' } };
    expect(entryHash('0'.repeat(64), reordered)).toBe(entryHash('0'.repeat(64), fields));
  });

  it('changes with any field, and with the hash before it', () => {
    const base = entryHash('0'.repeat(64), fields);
    expect(entryHash('1'.repeat(64), fields)).not.toBe(base);
    expect(entryHash('0'.repeat(64), { ...fields, outcome: 500 })).not.toBe(base);
    expect(entryHash('0'.repeat(64), { ...fields, detail: { gcode: 'M116', via: 'admin' } })).not.toBe(base);
    expect(entryHash('0'.repeat(64), { ...fields, at: new Date('2026-11-27T10:00:00.124Z') })).not.toBe(base);
  });
});
