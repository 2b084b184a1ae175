import { LIMITS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

export const businesses = pgTable(
  'businesses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: LIMITS.businessNameMax }).notNull(),
    active: boolean().notNull().default(true),
    /** The vendor's own business: its record fills the footer and its staff run the portal. */
    operator: boolean().notNull().default(false),
    street: varchar({ length: LIMITS.streetMax }).notNull().default(''),
    cap: integer().notNull().default(0),
    city: varchar({ length: LIMITS.placeMax }).notNull().default(''),
    province: varchar({ length: LIMITS.placeMax }).notNull().default(''),
    country: varchar({ length: LIMITS.placeMax }).notNull().default(''),
    email: varchar({ length: LIMITS.emailMax }).notNull().default(''),
    phone: varchar({ length: LIMITS.phoneMax }).notNull().default(''),
    logo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('businesses_one_operator').on(table.operator).where(sql`${table.operator}`),
    check('businesses_cap_range', sql`${table.cap} between 0 and ${sql.raw(String(LIMITS.postalCodeMax))}`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    /** Always stored lower case, so the unique index is case-insensitive. */
    email: varchar({ length: LIMITS.emailMax }).notNull(),
    name: varchar({ length: LIMITS.nameMax }).notNull(),
    surname: varchar({ length: LIMITS.nameMax }).notNull().default(''),
    role: smallint().notNull(),
    enabled: boolean().notNull().default(true),
    passwordHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastPasswordChange: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_business_idx').on(table.businessId),
    check('users_role_range', sql`${table.role} between 0 and 3`),
  ],
);

/** Failed logins counted per key ("account:<email>" or "address:<ip>") within a sliding hour. */
export const loginFailures = pgTable('login_failures', {
  key: varchar({ length: 300 }).primaryKey(),
  failures: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  lastFailureAt: timestamp({ withTimezone: true }).notNull(),
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
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);
