import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { addresses } from '../../db/schema.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;

/** A user's postal addresses; every lookup names the user, so one user's id never reaches another's. */
export class AddressesRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async listOf(userId: number): Promise<AddressRow[]> {
    return this.#db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  }

  async insert(address: NewAddressRow): Promise<AddressRow> {
    const [row] = await this.#db.insert(addresses).values(address).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Whether the user had that address. */
  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.#db
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ id: addresses.id });
    return deleted.length > 0;
  }
}
