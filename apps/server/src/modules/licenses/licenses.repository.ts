import type { licenseListQuerySchema } from '@portal/contract';
import { type AnyColumn, and, eq, getTableColumns, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { businesses, computerControllers } from '../../db/schema.ts';
import {
  containsPattern,
  filteredTotal,
  offsetOf,
  type PageQuery,
  pageOrder,
  rowsWithTotal,
} from '../../shared/list-page.ts';
import { licenses } from './licenses.schema.ts';

export type LicenseSort = z.output<typeof licenseListQuerySchema>['sort'];

/** A licence with the controller it is bound to, if any. */
export type LicenseRow = typeof licenses.$inferSelect & {
  computerId: number | null;
  computerName: string | null;
};

export interface LicenseValues {
  businessId: number;
  expiryMs: number;
  activation: Date | null;
}

/** A controller as binding a licence needs it. */
export interface ControllerRef {
  id: number;
  name: string;
  businessId: number;
}

export type LicenseDeletion =
  | { outcome: 'deleted' }
  | { outcome: 'missing' }
  | { outcome: 'bound'; controller: ControllerRef };

const SORT_COLUMNS: Record<LicenseSort, AnyColumn> = {
  id: licenses.id,
  business: licenses.businessId,
  activation: licenses.activation,
  expiry: licenses.expiryMs,
};

const withComputer = {
  ...getTableColumns(licenses),
  computerId: computerControllers.id,
  computerName: computerControllers.name,
};

const controllerRef = {
  id: computerControllers.id,
  name: computerControllers.name,
  businessId: computerControllers.businessId,
};

/** "12" or "#12" finds licence 12; any text finds the bound controller's or the business's name. */
function filterOf(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const id = /^#?(\d{1,9})$/.exec(q)?.[1];
  return or(
    id ? eq(licenses.id, Number(id)) : undefined,
    ilike(computerControllers.name, pattern),
    ilike(businesses.name, pattern),
  );
}

export class LicensesRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async findById(id: number): Promise<LicenseRow | undefined> {
    const [row] = await this.#db
      .select(withComputer)
      .from(licenses)
      .leftJoin(computerControllers, eq(computerControllers.licenseId, licenses.id))
      .where(eq(licenses.id, id));
    return row;
  }

  /** One page of the licences `visible` lets through (and of one business, when given). */
  async list(visible: SQL | undefined, query: PageQuery<LicenseSort>, businessId?: number) {
    const where = and(
      visible,
      businessId === undefined ? undefined : eq(licenses.businessId, businessId),
      filterOf(query.q),
    );
    return rowsWithTotal(
      this.#db
        .select({ row: withComputer, total: filteredTotal() })
        .from(licenses)
        .leftJoin(computerControllers, eq(computerControllers.licenseId, licenses.id))
        .innerJoin(businesses, eq(businesses.id, licenses.businessId))
        .where(where)
        .orderBy(...pageOrder(SORT_COLUMNS[query.sort], query.order, licenses.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      query,
      async () => {
        const [counted] = await this.#db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(licenses)
          .leftJoin(computerControllers, eq(computerControllers.licenseId, licenses.id))
          .innerJoin(businesses, eq(businesses.id, licenses.businessId))
          .where(where);
        return counted?.total ?? 0;
      },
    );
  }

  async findController(id: number): Promise<ControllerRef | undefined> {
    const [row] = await this.#db
      .select(controllerRef)
      .from(computerControllers)
      .where(eq(computerControllers.id, id));
    return row;
  }

  async insert(values: Omit<LicenseValues, 'activation'>): Promise<LicenseRow> {
    const [row] = await this.#db.insert(licenses).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return { ...row, computerId: null, computerName: null };
  }

  async update(id: number, values: LicenseValues): Promise<LicenseRow | undefined> {
    await this.#db.update(licenses).set(values).where(eq(licenses.id, id));
    return this.findById(id);
  }

  /**
   * Deletes a licence no controller is bound to. The foreign key would quietly unbind the controller
   * (on delete set null), so the binding is checked with the licence row locked: an activation running
   * at the same time waits for it.
   */
  async deleteUnbound(id: number): Promise<LicenseDeletion> {
    return this.#db.transaction(async (tx) => {
      const [license] = await tx
        .select({ id: licenses.id })
        .from(licenses)
        .where(eq(licenses.id, id))
        .for('update');
      if (!license) return { outcome: 'missing' };
      const [controller] = await tx
        .select(controllerRef)
        .from(computerControllers)
        .where(eq(computerControllers.licenseId, id));
      if (controller) return { outcome: 'bound', controller };
      await tx.delete(licenses).where(eq(licenses.id, id));
      return { outcome: 'deleted' };
    });
  }

  /**
   * Binds the licence to the controller, all or nothing: another controller holding it lets it go, the
   * controller's previous licence is replaced, and a licence never activated starts now.
   */
  async activate(id: number, controllerId: number, now: Date): Promise<LicenseRow | undefined> {
    await this.#db.transaction(async (tx) => {
      const [license] = await tx
        .select({ activation: licenses.activation })
        .from(licenses)
        .where(eq(licenses.id, id))
        .for('update');
      if (!license) return;
      if (license.activation === null) {
        await tx.update(licenses).set({ activation: now }).where(eq(licenses.id, id));
      }
      await tx
        .update(computerControllers)
        .set({ licenseId: null })
        .where(and(eq(computerControllers.licenseId, id), ne(computerControllers.id, controllerId)));
      await tx
        .update(computerControllers)
        .set({ licenseId: id })
        .where(eq(computerControllers.id, controllerId));
    });
    return this.findById(id);
  }
}
