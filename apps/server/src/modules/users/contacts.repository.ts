import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { contacts } from '../../db/schema.ts';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;

/** People to reach about a user's machines; every lookup names the user. */
export class ContactsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async listOf(userId: number): Promise<ContactRow[]> {
    return this.#db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.id));
  }

  async insert(contact: NewContactRow): Promise<ContactRow> {
    const [row] = await this.#db.insert(contacts).values(contact).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** Whether the user had that contact. */
  async delete(userId: number, id: number): Promise<boolean> {
    const deleted = await this.#db
      .delete(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.userId, userId)))
      .returning({ id: contacts.id });
    return deleted.length > 0;
  }
}
