import { LIMITS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businesses } from '../business/business.schema.ts';
import { machineGroups } from '../machine-groups/machine-groups.schema.ts';

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
    /**
     * When the operator's staff last created the account, made it a manager or set its email or password; null
     * for the business's own accounts and once the owner set a password through recovery. Such an account does
     * not change its business's consent setting (docs/design.md §11).
     */
    staffSetAt: timestamp({ withTimezone: true }),
    /** The user's preferences (docs/product.md §3, UserPreferences). */
    ticketNotifications: boolean().notNull().default(true),
    machineNotifications: boolean().notNull().default(true),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_business_idx').on(table.businessId),
    check('users_role_range', sql`${table.role} between 0 and 3`),
  ],
);

/** A user's postal addresses; `cap` is the postal code, shown padded to five digits. */
export const addresses = pgTable(
  'addresses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: LIMITS.nameMax }).notNull(),
    surname: varchar({ length: LIMITS.nameMax }).notNull().default(''),
    country: varchar({ length: LIMITS.placeMax }).notNull(),
    province: varchar({ length: LIMITS.placeMax }).notNull().default(''),
    city: varchar({ length: LIMITS.placeMax }).notNull(),
    street: varchar({ length: LIMITS.streetMax }).notNull(),
    cap: integer().notNull(),
  },
  (table) => [
    index('addresses_user_idx').on(table.userId),
    check('addresses_cap_range', sql`${table.cap} between 0 and ${sql.raw(String(LIMITS.postalCodeMax))}`),
  ],
);

/** People to reach about a user's machines. */
export const contacts = pgTable(
  'contacts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: LIMITS.nameMax }).notNull(),
    surname: varchar({ length: LIMITS.nameMax }).notNull().default(''),
    email: varchar({ length: LIMITS.emailMax }).notNull().default(''),
    phone: varchar({ length: LIMITS.phoneMax }).notNull().default(''),
  },
  (table) => [index('contacts_user_idx').on(table.userId)],
);

/**
 * Technicians and customers see the machine groups assigned to them (docs/design.md §3). Written by a user's
 * machines and by machine groups alike; defined here, beside `users`, because the users module builds on machine
 * groups and not the reverse.
 */
export const machineGroupUsers = pgTable(
  'machine_group_users',
  {
    machineGroupId: integer()
      .notNull()
      .references(() => machineGroups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.machineGroupId, table.userId] }),
    index('machine_group_users_user_idx').on(table.userId),
  ],
);
