import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { computerControllers } from '../machine-groups/machine-groups.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Slicer API tokens are not stored (docs/design.md §4): each names a generation, and only the current one of
 * its user and controller works. Creating a token bumps it, so the earlier token stops working.
 */
export const apiTokenGenerations = pgTable(
  'api_token_generations',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    computerControllerId: integer()
      .notNull()
      .references(() => computerControllers.id, { onDelete: 'cascade' }),
    generation: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.computerControllerId] })],
);

/** A user's "revoke all": every slicer token issued before this moment stops working. */
export const apiTokenRevocations = pgTable('api_token_revocations', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  revokedBefore: timestamp({ withTimezone: true }).notNull(),
});
