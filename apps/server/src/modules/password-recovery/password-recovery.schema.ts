import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { windowCounterTable } from '../../shared/window-counter-table.ts';
import { users } from '../users/users.schema.ts';

/**
 * Password recovery links: only the SHA-256 of each token is kept, so the table gives no working link
 * away. A new request replaces the user's earlier links; a used one stays marked until then.
 */
export const passwordRecovery = pgTable(
  'password_recovery',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token sent in the link. */
    tokenHash: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_recovery_token_unique').on(table.tokenHash),
    index('password_recovery_user_idx').on(table.userId),
  ],
);

/** Recovery requests counted per key ("email:<hash>" or "address:<ip>") in a fixed window. */
export const passwordRecoveryLimits = windowCounterTable('password_recovery_limits');
