import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { feedItems } from './feed.schema.ts';

export type FeedItemRow = typeof feedItems.$inferSelect;

export class FeedRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** The newest `limit` items, newest first. */
  newest(limit: number): Promise<FeedItemRow[]> {
    return this.#db
      .select()
      .from(feedItems)
      .orderBy(desc(feedItems.createdAt), desc(feedItems.id))
      .limit(limit);
  }

  async insert(item: typeof feedItems.$inferInsert): Promise<FeedItemRow> {
    const [row] = await this.#db.insert(feedItems).values(item).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.#db
      .delete(feedItems)
      .where(eq(feedItems.id, id))
      .returning({ id: feedItems.id });
    return deleted.length > 0;
  }
}
