import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { UserRecordTable } from './user-records.ts';

/** One kind of list a user owns; every lookup names the user, so one user's id never reaches another's. */
export class UserRecordsRepository<Table extends UserRecordTable> {
  readonly #db: Database;
  readonly #table: UserRecordTable;

  constructor(db: Database, table: Table) {
    this.#db = db;
    this.#table = table;
  }

  async listOf(userId: number): Promise<Table['$inferSelect'][]> {
    const table = this.#table;
    return this.#db.select().from(table).where(eq(table.userId, userId)).orderBy(asc(table.id));
  }

  async insert(record: Table['$inferInsert']): Promise<Table['$inferSelect']> {
    const [row] = await this.#db.insert(this.#table).values(record).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Whether the user had that record. */
  async delete(userId: number, id: number): Promise<boolean> {
    const table = this.#table;
    const deleted = await this.#db
      .delete(table)
      .where(and(eq(table.id, id), eq(table.userId, userId)))
      .returning({ id: table.id });
    return deleted.length > 0;
  }
}
