import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** What an entry's hash covers: every field it is stored with but the hashes themselves. */
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

/**
 * An entry's hash: SHA-256 of the previous entry's hash and the entry's fields in RFC 8785's canonical JSON (keys
 * sorted, numbers and strings written one way), so the hash computed when the entry is written is the one computed
 * from what the database gives back (jsonb reorders keys), on any instance (docs/design.md §9).
 */
export function entryHash(prevHash: string, fields: ChainedFields): string {
  const canonical = canonicalize({ ...fields, at: fields.at.toISOString() });
  if (canonical === undefined) throw new Error('an activity entry that cannot be written as JSON');
  return createHash('sha256').update(prevHash).update('\n').update(canonical).digest('hex');
}
