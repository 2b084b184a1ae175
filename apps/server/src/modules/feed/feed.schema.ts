import { LIMITS } from '@portal/contract';
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The news of the dashboard, written by administrators for everyone. */
export const feedItems = pgTable(
  'feed_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: LIMITS.feedTitleMax }).notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('feed_items_created_idx').on(table.createdAt)],
);
