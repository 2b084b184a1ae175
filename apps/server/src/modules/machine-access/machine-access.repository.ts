import { and, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  businesses,
  computerControllers,
  licenses,
  machineGroups,
  serviceSessions,
} from '../../db/schema.ts';

/** What deciding access to a controller's machine needs, read in one query. */
export interface ControllerReachRow {
  controllerId: number;
  /** The group the controller serves, if the viewer sees it (null: no group, or not visible). */
  machineGroupId: number | null;
  /** The machine's business (the controller's), whether it is active and whether it requires consent. */
  businessId: number;
  businessActive: boolean;
  serviceConsent: boolean;
  licenseActivation: Date | null;
  licenseExpiryMs: number | null;
}

/** An open service session (docs/design.md §11): its id, the ticket it was asked from, and its end (ms). */
export interface ActiveServiceSession {
  id: number;
  ticketId: number | null;
  endsAt: number;
}

export class MachineAccessRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The controller with its visible group, business state and licence; undefined when it does not exist. */
  async findReach(
    controllerId: number,
    visibility: SQL | undefined,
  ): Promise<ControllerReachRow | undefined> {
    const [row] = await this.#db
      .select({
        controllerId: computerControllers.id,
        machineGroupId: machineGroups.id,
        businessId: businesses.id,
        businessActive: businesses.active,
        serviceConsent: businesses.serviceConsent,
        licenseActivation: licenses.activation,
        licenseExpiryMs: licenses.expiryMs,
      })
      .from(computerControllers)
      .innerJoin(businesses, eq(businesses.id, computerControllers.businessId))
      .leftJoin(licenses, eq(licenses.id, computerControllers.licenseId))
      .leftJoin(
        machineGroups,
        and(eq(machineGroups.computerControllerId, computerControllers.id), visibility),
      )
      .where(eq(computerControllers.id, controllerId))
      .limit(1);
    return row;
  }

  /** The accepted service session `userId` has on the controller at `now`, if any (the one ending last). */
  async activeServiceSession(
    userId: number,
    controllerId: number,
    now: Date,
  ): Promise<ActiveServiceSession | undefined> {
    const [row] = await this.#db
      .select({ id: serviceSessions.id, ticketId: serviceSessions.ticketId, endsAt: serviceSessions.endsAt })
      .from(serviceSessions)
      .where(
        and(
          eq(serviceSessions.requesterId, userId),
          eq(serviceSessions.controllerId, controllerId),
          eq(serviceSessions.state, 'accepted'),
          gt(serviceSessions.endsAt, now),
        ),
      )
      .orderBy(desc(serviceSessions.endsAt))
      .limit(1);
    return row?.endsAt ? { id: row.id, ticketId: row.ticketId, endsAt: row.endsAt.getTime() } : undefined;
  }
}
