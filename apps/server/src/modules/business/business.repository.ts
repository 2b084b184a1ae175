import type { businessListQuerySchema } from '@portal/contract';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { computerControllers, licenses, machineGroups, users } from '../../db/schema.ts';
import { isForeignKeyViolation } from '../../shared/db-errors.ts';
import {
  containsPattern,
  filteredTotal,
  offsetOf,
  type PageQuery,
  pageOrder,
  rowsWithTotal,
} from '../../shared/list-page.ts';
import { businesses } from './business.schema.ts';

export type BusinessRow = typeof businesses.$inferSelect;
export type NewBusinessRow = typeof businesses.$inferInsert;
export type BusinessPatch = Partial<Omit<NewBusinessRow, 'id' | 'operator' | 'createdAt'>>;
export type BusinessSort = z.output<typeof businessListQuerySchema>['sort'];

/** What still refers to a business and keeps it from being deleted. */
export interface BusinessDependents {
  users: number;
  licenses: number;
  controllers: number;
  machineGroups: number;
}

export type BusinessDeletion =
  | { outcome: 'deleted' }
  | { outcome: 'missing' }
  | { outcome: 'referenced'; dependents: BusinessDependents | undefined };

/**
 * A business being deleted, told to the modules built after it inside the deletion's transaction (`tx`), before
 * its row goes: what they keep of it and must do more than cascade (the library retires its files' contents) they
 * do in `tx`, so it happens exactly when the deletion does.
 */
export interface BusinessDeleting {
  businessId: number;
  tx: Database;
}

const SORT_COLUMNS: Record<BusinessSort, SQL | typeof businesses.id | typeof businesses.active> = {
  id: businesses.id,
  name: sql`lower(${businesses.name})`,
  city: sql`lower(${businesses.city})`,
  active: businesses.active,
};

const prepareOperatorRead = (db: Database) =>
  db.select().from(businesses).where(eq(businesses.operator, true)).prepare('businesses_operator');

export class BusinessRepository {
  readonly #db: Database;
  /** Every page's footer reads the operator (`GET /api/v1/operator`): prepared once. */
  readonly #operator: ReturnType<typeof prepareOperatorRead>;

  constructor(db: Database) {
    this.#db = db;
    this.#operator = prepareOperatorRead(db);
  }

  async findOperator(): Promise<BusinessRow | undefined> {
    const [row] = await this.#operator.execute();
    return row;
  }

  async findById(id: number): Promise<BusinessRow | undefined> {
    const [row] = await this.#db.select().from(businesses).where(eq(businesses.id, id));
    return row;
  }

  /** One page of the businesses `visible` lets through, filtered by name or city. */
  async list(visible: SQL | undefined, query: PageQuery<BusinessSort>) {
    const pattern = query.q ? containsPattern(query.q) : undefined;
    const where = and(
      visible,
      pattern ? or(ilike(businesses.name, pattern), ilike(businesses.city, pattern)) : undefined,
    );
    return rowsWithTotal(
      this.#db
        .select({ row: businesses, total: filteredTotal() })
        .from(businesses)
        .where(where)
        .orderBy(...pageOrder(SORT_COLUMNS[query.sort], query.order, businesses.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      query,
      () => this.#db.$count(businesses, where),
    );
  }

  async insert(business: NewBusinessRow): Promise<BusinessRow> {
    const [row] = await this.#db.insert(businesses).values(business).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Sets the fields `patch` carries; absent (undefined) ones keep their value. */
  async update(id: number, patch: BusinessPatch): Promise<BusinessRow | undefined> {
    if (Object.values(patch).every((value) => value === undefined)) return this.findById(id);
    const [row] = await this.#db.update(businesses).set(patch).where(eq(businesses.id, id)).returning();
    return row;
  }

  /**
   * Deletes a business nothing refers to, all or nothing. The row is locked first: a user, licence,
   * controller or machine group being added for it waits (its foreign key check needs the row), so the
   * counts cannot go stale before the delete. `letGo` runs in the transaction just before the row is deleted.
   */
  async deleteUnreferenced(
    id: number,
    letGo: (deleting: BusinessDeleting) => Promise<void>,
  ): Promise<BusinessDeletion> {
    try {
      return await this.#db.transaction(async (tx) => {
        const [dependents] = await tx
          .select({
            users: tx.$count(users, eq(users.businessId, businesses.id)),
            licenses: tx.$count(licenses, eq(licenses.businessId, businesses.id)),
            controllers: tx.$count(computerControllers, eq(computerControllers.businessId, businesses.id)),
            machineGroups: tx.$count(machineGroups, eq(machineGroups.businessId, businesses.id)),
          })
          .from(businesses)
          .where(eq(businesses.id, id))
          .for('update');
        if (!dependents) return { outcome: 'missing' };
        if (Object.values(dependents).some((count) => count > 0))
          return { outcome: 'referenced', dependents };
        await letGo({ businessId: id, tx });
        await tx.delete(businesses).where(eq(businesses.id, id));
        return { outcome: 'deleted' };
      });
    } catch (error) {
      // A reference added by a path that bypasses the lock (none today): still a conflict, never a 500.
      if (isForeignKeyViolation(error)) return { outcome: 'referenced', dependents: undefined };
      throw error;
    }
  }
}
