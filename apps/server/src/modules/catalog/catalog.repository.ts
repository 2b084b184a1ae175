import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { isForeignKeyViolation } from '../../shared/db-errors.ts';
import type { CatalogTable, CatalogUsage } from './catalog.definitions.ts';

export type CatalogRow = CatalogTable['$inferSelect'];
export type CatalogValues = Omit<CatalogRow, 'id'>;

export type CatalogDeletion =
  | { outcome: 'deleted' }
  | { outcome: 'missing' }
  | { outcome: 'used'; counts: number[] | undefined };

/** One catalogue table (machine, board or computer types). */
export class CatalogRepository {
  readonly #db: Database;
  readonly #table: CatalogTable;
  readonly #usages: readonly CatalogUsage[];

  constructor(db: Database, table: CatalogTable, usages: readonly CatalogUsage[]) {
    this.#db = db;
    this.#table = table;
    this.#usages = usages;
  }

  /** The whole catalogue: a few entries, in id order. */
  async list(): Promise<CatalogRow[]> {
    return this.#db.select().from(this.#table).orderBy(asc(this.#table.id));
  }

  async findById(id: number): Promise<CatalogRow | undefined> {
    const [row] = await this.#db.select().from(this.#table).where(eq(this.#table.id, id));
    return row;
  }

  async insert(values: CatalogValues): Promise<CatalogRow> {
    const [row] = await this.#db.insert(this.#table).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async update(id: number, values: CatalogValues): Promise<CatalogRow | undefined> {
    const [row] = await this.#db.update(this.#table).set(values).where(eq(this.#table.id, id)).returning();
    return row;
  }

  /**
   * Deletes an entry nothing uses, all or nothing. With the entry locked, a machine group or controller
   * being created with it waits (its foreign key check needs the row), so the counts stay true.
   */
  async deleteUnused(id: number): Promise<CatalogDeletion> {
    try {
      return await this.#db.transaction(async (tx) => {
        const [entry] = await tx
          .select({ id: this.#table.id })
          .from(this.#table)
          .where(eq(this.#table.id, id))
          .for('update');
        if (!entry) return { outcome: 'missing' };
        const counts = await Promise.all(
          this.#usages.map((usage) => tx.$count(usage.table, eq(usage.column, id))),
        );
        if (counts.some((count) => count > 0)) return { outcome: 'used', counts };
        await tx.delete(this.#table).where(eq(this.#table.id, id));
        return { outcome: 'deleted' };
      });
    } catch (error) {
      // A use the lock did not hold off: still a conflict, never a 500.
      if (isForeignKeyViolation(error)) return { outcome: 'used', counts: undefined };
      throw error;
    }
  }
}
