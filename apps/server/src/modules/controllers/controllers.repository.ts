import type { GatewayReport } from '@portal/tunnel';
import { and, count, eq, getTableColumns, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, computerControllers, computerTypes, licenses, machineGroups } from '../../db/schema.ts';
import {
  containsPattern,
  filteredTotal,
  idOfText,
  offsetOf,
  type PageQuery,
  pageOrder,
  rowsWithTotal,
} from '../../shared/list-page.ts';

type ControllerTableRow = typeof computerControllers.$inferSelect;
export type NewControllerRow = typeof computerControllers.$inferInsert;

/** A controller with the machine group it serves; the key hash never leaves the repository this way. */
export type ControllerRow = Omit<ControllerTableRow, 'keyHash'> & { machineGroupId: number | null };

/** A licence with the controller it is bound to. */
export type LicenseRow = typeof licenses.$inferSelect & { controllerId: number | null };

const SORT_COLUMNS = {
  id: computerControllers.id,
  name: computerControllers.name,
  business: computerControllers.businessId,
} as const;

export interface ControllerListFilter extends Omit<PageQuery, 'sort' | 'q'> {
  sort: keyof typeof SORT_COLUMNS;
  q?: string | undefined;
  unused: boolean;
  businessId?: number | undefined;
}

/** What a gateway told on contact: its version (on connecting and in each report) and its report. */
export interface GatewayContactRecord {
  version?: string | undefined;
  report?: GatewayReport | undefined;
}

type Runner = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const { keyHash: _hidden, ...publicColumns } = getTableColumns(computerControllers);
const controllerColumns = { ...publicColumns, machineGroupId: machineGroups.id };
/** The group a controller serves: at most one (a unique index), so the join never repeats a controller. */
const servesGroup = eq(machineGroups.computerControllerId, computerControllers.id);

export class ControllersRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** One page of the controllers matching `visibility` (the policy's condition) and the filter. */
  async list(
    visibility: SQL | undefined,
    filter: ControllerListFilter,
  ): Promise<{ rows: ControllerRow[]; total: number }> {
    const id = filter.q ? idOfText(filter.q) : undefined;
    const where = and(
      visibility,
      filter.unused ? isNull(machineGroups.id) : undefined,
      filter.businessId === undefined ? undefined : eq(computerControllers.businessId, filter.businessId),
      filter.q
        ? or(
            ilike(computerControllers.name, containsPattern(filter.q)),
            id === undefined ? undefined : eq(computerControllers.id, id),
          )
        : undefined,
    );
    return rowsWithTotal(
      this.#db
        .select({ row: controllerColumns, total: filteredTotal() })
        .from(computerControllers)
        .leftJoin(machineGroups, servesGroup)
        .where(where)
        .orderBy(...pageOrder(SORT_COLUMNS[filter.sort], filter.order, computerControllers.id))
        .limit(filter.pageSize)
        .offset(offsetOf(filter)),
      filter,
      async () => {
        const [counted] = await this.#db
          .select({ total: count() })
          .from(computerControllers)
          .leftJoin(machineGroups, servesGroup)
          .where(where);
        return counted?.total ?? 0;
      },
    );
  }

  /** The controller if it exists and `visibility` lets the viewer see it. */
  async findVisible(
    id: number,
    visibility: SQL | undefined,
    db: Runner = this.#db,
  ): Promise<ControllerRow | undefined> {
    const [row] = await db
      .select(controllerColumns)
      .from(computerControllers)
      .leftJoin(machineGroups, servesGroup)
      .where(and(eq(computerControllers.id, id), visibility));
    return row;
  }

  async findLicense(id: number, db: Runner = this.#db): Promise<LicenseRow | undefined> {
    const [row] = await db
      .select({ ...getTableColumns(licenses), controllerId: computerControllers.id })
      .from(licenses)
      .leftJoin(computerControllers, eq(computerControllers.licenseId, licenses.id))
      .where(eq(licenses.id, id));
    return row;
  }

  async computerTypeExists(id: number): Promise<boolean> {
    return (await this.#db.$count(computerTypes, eq(computerTypes.id, id))) > 0;
  }

  async businessExists(id: number): Promise<boolean> {
    return (await this.#db.$count(businesses, eq(businesses.id, id))) > 0;
  }

  transaction<T>(work: (tx: Runner) => Promise<T>): Promise<T> {
    return this.#db.transaction(work);
  }

  async insert(controller: Omit<NewControllerRow, 'keyHash' | 'keyCreatedAt'>): Promise<ControllerRow> {
    const [row] = await this.#db.insert(computerControllers).values(controller).returning(publicColumns);
    if (!row) throw new Error('insert returned no row');
    return { ...row, machineGroupId: null };
  }

  async update(
    id: number,
    changes: Pick<NewControllerRow, 'name' | 'licenseId'>,
    db: Runner = this.#db,
  ): Promise<void> {
    await db.update(computerControllers).set(changes).where(eq(computerControllers.id, id));
  }

  /**
   * A gateway's connection, report or departure; a version or report it did not send leaves the last one known.
   */
  async recordGatewayContact(id: number, at: Date, contact: GatewayContactRecord): Promise<void> {
    await this.#db
      .update(computerControllers)
      .set({
        gatewaySeenAt: at,
        ...(contact.version !== undefined && { gatewayVersion: contact.version }),
        ...(contact.report !== undefined && { gatewayReport: contact.report, gatewayReportedAt: at }),
      })
      .where(eq(computerControllers.id, id));
  }

  async delete(id: number, db: Runner = this.#db): Promise<void> {
    await db.delete(computerControllers).where(eq(computerControllers.id, id));
  }

  /** Replaces the gateway key's hash: the previous key stops working at once. */
  async setKeyHash(id: number, keyHash: string, createdAt: Date): Promise<boolean> {
    const updated = await this.#db
      .update(computerControllers)
      .set({ keyHash, keyCreatedAt: createdAt })
      .where(eq(computerControllers.id, id))
      .returning({ id: computerControllers.id });
    return updated.length > 0;
  }

  async findKeyHash(id: number): Promise<string | null | undefined> {
    const [row] = await this.#db
      .select({ keyHash: computerControllers.keyHash })
      .from(computerControllers)
      .where(eq(computerControllers.id, id));
    return row?.keyHash;
  }
}
