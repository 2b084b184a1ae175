import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { computerControllers, licenses, machineGroups } from '../../db/schema.ts';

/** A machine group a viewer sees, with the controller whose board its card follows. */
export interface VisibleMachineRow {
  machineGroupId: number;
  controllerId: number;
  name: string;
  /** The machine group's business: whose print queue knows its readiness. */
  businessId: number;
  /** Its controller's licence: activation (epoch ms) and length (ms); both null without a licence. */
  licenseActivation: number | null;
  licenseExpiryMs: number | null;
}

export class LiveStatusRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The machine groups `visibility` (the policy's condition) selects, by name, with their controller's licence. */
  async visibleMachines(visibility: SQL | undefined): Promise<VisibleMachineRow[]> {
    const rows = await this.#db
      .select({
        machineGroupId: machineGroups.id,
        controllerId: machineGroups.computerControllerId,
        name: machineGroups.name,
        businessId: machineGroups.businessId,
        activation: licenses.activation,
        licenseExpiryMs: licenses.expiryMs,
      })
      .from(machineGroups)
      .leftJoin(computerControllers, eq(computerControllers.id, machineGroups.computerControllerId))
      .leftJoin(licenses, eq(licenses.id, computerControllers.licenseId))
      .where(visibility)
      .orderBy(asc(machineGroups.name), asc(machineGroups.id));
    return rows.map(({ activation, ...row }) => ({
      ...row,
      licenseActivation: activation ? activation.getTime() : null,
    }));
  }

  /** Whether `visibility` selects the machine group of the controller. */
  async isVisible(visibility: SQL | undefined, controllerId: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: machineGroups.id })
      .from(machineGroups)
      .where(and(visibility, eq(machineGroups.computerControllerId, controllerId)));
    return row !== undefined;
  }

  /** The machine group the controller serves, if any (a controller serves at most one). */
  async groupOfController(controllerId: number): Promise<number | null> {
    const [row] = await this.#db
      .select({ id: machineGroups.id })
      .from(machineGroups)
      .where(eq(machineGroups.computerControllerId, controllerId));
    return row?.id ?? null;
  }
}
