import type { StoredServiceSessionState } from '@portal/contract';
import { and, desc, eq, gt, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, computerControllers, machineGroups, tickets, users } from '../../db/schema.ts';
import { serviceSessions } from './service-sessions.schema.ts';

export type ServiceSessionRow = typeof serviceSessions.$inferSelect & {
  /** The machine group the controller serves now, and its name (null once it has none). */
  machineGroupId: number | null;
  machineName: string | null;
  /** Who wrote the ticket it was asked from: with the managers, the one who may decide. */
  ticketAuthorId: number | null;
};

/** A person named on sessions. */
export interface PersonRow {
  id: number;
  name: string;
  surname: string;
}

/** The ticket a session is asked from, and the machine it is about. */
export interface TicketMachineRow {
  ticketId: number;
  controllerId: number | null;
  businessId: number | null;
}

/** What the list filters by; `visibility` is the caller's (service-sessions.policy.ts). */
export interface ServiceSessionFilter {
  visibility: SQL | undefined;
  controllerId?: number | undefined;
  ticketId?: number | undefined;
  /** Requested, or accepted and not past `now`. */
  openAt?: Date | undefined;
  /** Only requests: the caller's deciding condition. */
  awaiting?: SQL | undefined;
}

const sessionColumns = {
  id: serviceSessions.id,
  ticketId: serviceSessions.ticketId,
  controllerId: serviceSessions.controllerId,
  businessId: serviceSessions.businessId,
  requesterId: serviceSessions.requesterId,
  reason: serviceSessions.reason,
  hours: serviceSessions.hours,
  state: serviceSessions.state,
  requestedAt: serviceSessions.requestedAt,
  decidedAt: serviceSessions.decidedAt,
  decidedBy: serviceSessions.decidedBy,
  comment: serviceSessions.comment,
  endsAt: serviceSessions.endsAt,
  endedAt: serviceSessions.endedAt,
  endedBy: serviceSessions.endedBy,
  machineGroupId: machineGroups.id,
  machineName: machineGroups.name,
  ticketAuthorId: tickets.authorId,
};

/** Open at `now`: waiting for a decision, or accepted and not yet at its end. */
export const openSessionAt = (now: Date): SQL | undefined =>
  or(
    eq(serviceSessions.state, 'requested'),
    and(eq(serviceSessions.state, 'accepted'), gt(serviceSessions.endsAt, now)),
  );

export class ServiceSessionsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  #select() {
    return this.#db
      .select(sessionColumns)
      .from(serviceSessions)
      .leftJoin(machineGroups, eq(machineGroups.computerControllerId, serviceSessions.controllerId))
      .leftJoin(tickets, eq(tickets.id, serviceSessions.ticketId));
  }

  /** The sessions the filter finds, newest first (a machine or ticket has few; a business some hundreds at most). */
  async list(filter: ServiceSessionFilter, limit: number): Promise<ServiceSessionRow[]> {
    return this.#select()
      .where(
        and(
          filter.visibility,
          filter.controllerId === undefined
            ? undefined
            : eq(serviceSessions.controllerId, filter.controllerId),
          filter.ticketId === undefined ? undefined : eq(serviceSessions.ticketId, filter.ticketId),
          filter.openAt && openSessionAt(filter.openAt),
          filter.awaiting && and(eq(serviceSessions.state, 'requested'), filter.awaiting),
        ),
      )
      .orderBy(desc(serviceSessions.id))
      .limit(limit);
  }

  async find(id: number, visibility: SQL | undefined): Promise<ServiceSessionRow | undefined> {
    const [row] = await this.#select()
      .where(and(eq(serviceSessions.id, id), visibility))
      .limit(1);
    return row;
  }

  async people(ids: readonly number[]): Promise<Map<number, PersonRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .select({ id: users.id, name: users.name, surname: users.surname })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The ticket (if `visibility` shows it) with its machine's controller and that controller's business. */
  async ticketMachine(ticketId: number, visibility: SQL | undefined): Promise<TicketMachineRow | undefined> {
    const [row] = await this.#db
      .select({
        ticketId: tickets.id,
        controllerId: computerControllers.id,
        businessId: computerControllers.businessId,
      })
      .from(tickets)
      .leftJoin(machineGroups, eq(machineGroups.id, tickets.machineGroupId))
      .leftJoin(computerControllers, eq(computerControllers.id, machineGroups.computerControllerId))
      .where(and(eq(tickets.id, ticketId), visibility))
      .limit(1);
    return row;
  }

  /** Whether `requesterId` has a session open at `now` on the controller. */
  async hasOpen(requesterId: number, controllerId: number, now: Date): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: serviceSessions.id })
      .from(serviceSessions)
      .where(
        and(
          eq(serviceSessions.requesterId, requesterId),
          eq(serviceSessions.controllerId, controllerId),
          openSessionAt(now),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insert(session: typeof serviceSessions.$inferInsert): Promise<number> {
    const [row] = await this.#db
      .insert(serviceSessions)
      .values(session)
      .returning({ id: serviceSessions.id });
    if (!row) throw new Error('the service session was not stored');
    return row.id;
  }

  /**
   * Moves a session from `from` to the new state only if it is still there (and, for an accepted one, not past
   * `openAt`): two people deciding at once, or a decision meeting a withdrawal, change it once. False: it had moved.
   */
  async move(
    id: number,
    from: StoredServiceSessionState,
    change: Partial<typeof serviceSessions.$inferInsert> & { state: StoredServiceSessionState },
    openAt?: Date,
  ): Promise<boolean> {
    const rows = await this.#db
      .update(serviceSessions)
      .set(change)
      .where(
        and(
          eq(serviceSessions.id, id),
          eq(serviceSessions.state, from),
          openAt && gt(serviceSessions.endsAt, openAt),
        ),
      )
      .returning({ id: serviceSessions.id });
    return rows.length > 0;
  }

  /** A business's consent setting; undefined when there is no such business. */
  async consentOf(businessId: number): Promise<boolean | undefined> {
    const [row] = await this.#db
      .select({ required: businesses.serviceConsent })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .limit(1);
    return row?.required;
  }

  /**
   * Sets the business's consent: 'changed', 'same' when it already was so (of two requests racing, one changes it),
   * undefined for no such business.
   */
  async setConsent(businessId: number, required: boolean): Promise<'changed' | 'same' | undefined> {
    const rows = await this.#db
      .update(businesses)
      .set({ serviceConsent: required })
      .where(and(eq(businesses.id, businessId), ne(businesses.serviceConsent, required)))
      .returning({ id: businesses.id });
    if (rows.length > 0) return 'changed';
    return (await this.consentOf(businessId)) === undefined ? undefined : 'same';
  }

  /** Whether the user's account is one the operator's staff created or changed, not yet confirmed by its owner. */
  async ownerUnconfirmed(userId: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ staffSetAt: users.staffSetAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    // A user gone meanwhile changes nothing either.
    return row === undefined || row.staffSetAt !== null;
  }
}
