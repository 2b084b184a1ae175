import type { ActivityEntry, ActivityKind, Role } from '@portal/contract';
import type { NamedActivityRow } from './activity.repository.ts';

const VIAS = new Set(['admin', 'customer', 'slicer']);

/**
 * An entry as the API answers it: the path the request came by is lifted out of the stored detail; `names` are the
 * names of now of the objects the detail names by id (none in the CSV export, which keeps the ids).
 */
export function toActivityEntry(row: NamedActivityRow, names: Record<string, string> = {}): ActivityEntry {
  const { via, ...detail } = row.detail;
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    kind: row.kind as ActivityKind,
    actor:
      row.actorUserId === null
        ? null
        : {
            id: row.actorUserId,
            email: row.actorEmail,
            name: row.actorName,
            role: row.actorRole as Role | null,
            business: row.actorBusinessId,
          },
    controller: row.controllerId,
    machine: row.machineName,
    business: row.businessId,
    ticket: row.ticketId,
    via: typeof via === 'string' && VIAS.has(via) ? (via as ActivityEntry['via']) : null,
    detail,
    names,
    address: row.address,
    outcome: row.outcome,
  };
}

/** The CSV export's columns, in order, and each one's value of an entry. */
export const CSV_COLUMNS: readonly [string, (entry: ActivityEntry, row: NamedActivityRow) => unknown][] = [
  ['seq', (entry) => entry.seq],
  ['at', (entry) => entry.at],
  ['kind', (entry) => entry.kind],
  ['actor_id', (entry) => entry.actor?.id],
  ['actor_email', (entry) => entry.actor?.email],
  ['actor_role', (entry) => entry.actor?.role],
  ['actor_business', (entry) => entry.actor?.business],
  ['controller', (entry) => entry.controller],
  ['machine', (entry) => entry.machine],
  ['business', (entry) => entry.business],
  ['ticket', (entry) => entry.ticket],
  ['via', (entry) => entry.via],
  ['detail', (entry) => JSON.stringify(entry.detail)],
  ['address', (entry) => entry.address],
  ['outcome', (entry) => entry.outcome],
  ['hash', (_entry, row) => row.hash],
];
