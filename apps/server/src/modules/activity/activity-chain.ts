import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { ActivityKey } from './activity-key.ts';

/** What an entry's hash covers: every field it is stored with but the hashes and the chain's version. */
export interface ChainedFields {
  seq: number;
  entryId: string;
  at: Date;
  actorUserId: number | null;
  actorEmail: string | null;
  actorRole: number | null;
  actorBusinessId: number | null;
  controllerId: number | null;
  businessId: number | null;
  ticketId: number | null;
  kind: string;
  detail: Record<string, unknown>;
  address: string | null;
  outcome: number | null;
}

/** How an entry is chained: 1, SHA-256 (the entries written before the key); 2, HMAC-SHA-256 with the key. */
export const CHAIN_PLAIN = 1;
export const CHAIN_KEYED = 2;
export type ChainVersion = typeof CHAIN_PLAIN | typeof CHAIN_KEYED;

/**
 * An entry's hash over the previous entry's hash and the entry's fields in RFC 8785's canonical JSON (keys sorted,
 * numbers and strings written one way), so the hash computed when the entry is written is the one computed from what
 * the database gives back (jsonb reorders keys), on any instance (docs/design.md §9). Keyed entries (version 2)
 * take HMAC-SHA-256 with the record's key; the entries written before there was a key, plain SHA-256.
 */
export function entryHash(
  version: ChainVersion,
  prevHash: string,
  fields: ChainedFields,
  key: ActivityKey,
): string {
  const canonical = canonicalize({ ...fields, at: fields.at.toISOString() });
  if (canonical === undefined) throw new Error('an activity entry that cannot be written as JSON');
  if (version === CHAIN_KEYED) return key.mac('activity entry', prevHash, canonical);
  return createHash('sha256').update(prevHash).update('\n').update(canonical).digest('hex');
}
