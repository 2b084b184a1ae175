import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.ts';

/**
 * Login attempts per key ("pair:<hash>", "account:<email>" or "address:<ip>"): the failures confirmed within an
 * hour, and apart from them the attempts in flight (admitted, password not yet checked), which are no failures.
 */
export const loginFailures = pgTable('login_failures', {
  key: varchar({ length: 300 }).primaryKey(),
  failures: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  lastFailureAt: timestamp({ withTimezone: true }).notNull(),
  inFlight: integer().notNull().default(0),
  /** When the attempts in flight stop holding their places if never finished (an instance that stopped). */
  inFlightUntil: timestamp({ withTimezone: true }),
});

/**
 * Server-side sessions: the session token names one, so logging out ends it before the token expires.
 * The role and business it was opened with are kept: a change of either ends the session.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint().notNull(),
    businessId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** When the current session token runs out; each renewal moves it, never past `absoluteExpiresAt`. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The end no renewal moves (the administrator's maximum, counted from the login). */
    absoluteExpiresAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the renewal token in the browser's cookie, and of the one it replaced (reuse detection). */
    renewalHash: text(),
    previousRenewalHash: text(),
    renewedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/** Settings of the whole portal an administrator changes: one row. */
export const portalSettings = pgTable(
  'portal_settings',
  {
    id: smallint().primaryKey().default(1),
    /** How long a session may last from its login, however often it is renewed. */
    sessionMaxHours: integer().notNull(),
    /** Administrators and technicians must sign in with a second factor (docs/design.md §10). */
    twoFactorRequired: boolean().notNull().default(false),
  },
  (table) => [check('portal_settings_one_row', sql`${table.id} = 1`)],
);

/**
 * A user's second factor (docs/design.md §10): the TOTP secret encrypted with a key derived from the portal's
 * secret (a dump alone does not give it away), `enabledAt` null while a set-up awaits its first code, and the
 * last time step a code was accepted for, so no code is taken twice.
 */
export const twoFactors = pgTable('two_factors', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastStep: bigint({ mode: 'number' }),
});

/** The recovery codes of a user's second factor, as SHA-256 of high-entropy codes; one used is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);
