import { LIMITS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
    /** Outside staff change this business's machines only in a service session it accepted (docs/design.md §11). */
    serviceConsent: boolean().notNull().default(false),
    /** A machine marked ready starts the business's next queued job by itself (docs/design.md §14). */
    printQueueAutoStart: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('businesses_one_operator').on(table.operator).where(sql`${table.operator}`),
    check('businesses_cap_range', sql`${table.cap} between 0 and ${sql.raw(String(LIMITS.postalCodeMax))}`),
  ],
);
