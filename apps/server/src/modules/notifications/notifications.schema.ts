import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * The server's VAPID key pair for Web Push, created on first start: one row (id 1), kept in the database so
 * every portal process signs with the same key and browsers' subscriptions survive restarts.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint().primaryKey(),
    publicKey: text().notNull(),
    privateKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [check('push_vapid_keys_one_row', sql`${table.id} = 1`)],
);

/**
 * A browser's push subscription (docs/product.md §3), owned by the user signed in when it subscribed;
 * `language` is that page's, in which its notifications are written.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    language: varchar({ length: 2 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/**
 * One notification of one user (docs/product.md §10): the bell's item, and the claim that delivers
 * its mail and push. `eventKey` names the event the same way on every instance that sees it, so the unique index on
 * (user, event key) lets exactly one instance's insert win: only that one sends the mail and push. `shown` is false
 * when the user turned the bell off for its kind (the row still claims the delivery).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventKey: varchar({ length: 200 }).notNull(),
    event: varchar({ length: 32 }).notNull(),
    ticketId: integer(),
    machineId: integer(),
    licenceId: integer(),
    businessId: integer(),
    subject: text().notNull(),
    detail: text(),
    shown: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_event_unique').on(table.userId, table.eventKey),
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * A user's channel choices per kind (only the kinds they changed: the others follow the defaults of
 * `defaultPreferences`), and the language their mails are written in.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  choices: jsonb().notNull(),
  language: varchar({ length: 2 }),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
