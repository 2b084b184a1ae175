import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, computerControllers, licenses, machineGroups } from '../../db/schema.ts';

/** What deciding access to a controller's machine needs, read in one query. */
export interface ControllerReachRow {
  controllerId: number;
  /** The group the controller serves, if the viewer sees it (null: no group, or not visible). */
  machineGroupId: number | null;
  businessActive: boolean;
  licenseActivation: Date | null;
  licenseExpiryMs: number | null;
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
        businessActive: businesses.active,
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
}
