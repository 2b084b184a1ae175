import { type ServiceSession, serviceSessionStateAt } from '@portal/contract';
import type { PersonRow, ServiceSessionRow } from './service-sessions.repository.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A stored session as the API answers it, read at `now` (active or expired), with the people it names. */
export function toServiceSession(
  row: ServiceSessionRow,
  people: ReadonlyMap<number, PersonRow>,
  now: Date,
): ServiceSession {
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  return {
    id: row.id,
    ticket: row.ticketId,
    controller: row.controllerId,
    machine: row.machineGroupId,
    machineName: row.machineName,
    business: row.businessId,
    requester: person(row.requesterId),
    reason: row.reason,
    hours: row.hours,
    state: serviceSessionStateAt(row.state, row.endsAt?.getTime() ?? null, now.getTime()),
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    decidedBy: person(row.decidedBy),
    comment: row.comment,
    endsAt: iso(row.endsAt),
    endedAt: iso(row.endedAt),
    endedBy: person(row.endedBy),
  };
}

/** Every person a list of sessions names, to read in one query. */
export const peopleOf = (rows: readonly ServiceSessionRow[]): number[] =>
  rows.flatMap((row) =>
    [row.requesterId, row.decidedBy, row.endedBy].filter((id): id is number => id !== null),
  );
