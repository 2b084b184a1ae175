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
  varchar,
} from 'drizzle-orm/pg-core';

export const businesses = pgTable(
  'businesses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 200 }).notNull(),
    active: boolean().notNull().default(true),
    /** The vendor's own business: its record fills the footer and its staff run the portal. */
    operator: boolean().notNull().default(false),
    street: varchar({ length: 200 }).notNull().default(''),
    cap: integer().notNull().default(0),
    city: varchar({ length: 100 }).notNull().default(''),
    province: varchar({ length: 100 }).notNull().default(''),
    country: varchar({ length: 100 }).notNull().default(''),
    email: varchar({ length: 254 }).notNull().default(''),
    phone: varchar({ length: 32 }).notNull().default(''),
    logo: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('businesses_one_operator').on(table.operator).where(sql`${table.operator}`),
    check('businesses_cap_range', sql`${table.cap} between 0 and 99999`),
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
    email: varchar({ length: 254 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    surname: varchar({ length: 100 }).notNull().default(''),
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
