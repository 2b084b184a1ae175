import { LIMITS } from '@portal/contract';
import type { GatewayReport } from '@portal/tunnel';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businesses } from '../business/business.schema.ts';
import { boardTypes, computerTypes, machineTypes } from '../catalog/catalog.schema.ts';
import { licenses } from '../licenses/licenses.schema.ts';

/**
 * The gateway computers ("routers") at customers' sites; the key is stored only as a hash. Defined with machine
 * groups though modules/controllers writes most of it: `machine_groups` references it, and the controllers module
 * builds on machine groups (a controller is seen by whoever sees its group), so there it would make a module cycle.
 */
export const computerControllers = pgTable(
  'computer_controllers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: LIMITS.nameMax }).notNull(),
    typeId: integer()
      .notNull()
      .references(() => computerTypes.id, { onDelete: 'restrict' }),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    licenseId: integer().references(() => licenses.id, { onDelete: 'set null' }),
    keyHash: text(),
    keyCreatedAt: timestamp({ withTimezone: true }),
    /** When its gateway was last in touch (connected, reported, disconnected), and the version it last reported. */
    gatewaySeenAt: timestamp({ withTimezone: true }),
    gatewayVersion: varchar({ length: 64 }),
    /** The gateway's last report (packages/tunnel's schema, as validated) and when it came: kept across restarts. */
    gatewayReport: jsonb().$type<GatewayReport>(),
    gatewayReportedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('computer_controllers_license_unique').on(table.licenseId),
    index('computer_controllers_business_idx').on(table.businessId),
  ],
);

/** What customers see as "a machine": a machine, its board and its gateway computer at one location. */
export const machineGroups = pgTable(
  'machine_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: LIMITS.nameMax }).notNull(),
    location: varchar({ length: LIMITS.locationMax }).notNull().default(''),
    description: varchar({ length: LIMITS.descriptionMax }).notNull().default(''),
    machineTypeId: integer()
      .notNull()
      .references(() => machineTypes.id, { onDelete: 'restrict' }),
    boardTypeId: integer()
      .notNull()
      .references(() => boardTypes.id, { onDelete: 'restrict' }),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    computerControllerId: integer()
      .notNull()
      .references(() => computerControllers.id, { onDelete: 'restrict' }),
    /** 0 (unknown), 3.4, 3.5 or 3.6. */
    firmware: numeric({ precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    /** When it was created (groups older than migration 0015: when that ran); maintenance counts days from it. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('machine_groups_controller_unique').on(table.computerControllerId),
    index('machine_groups_business_idx').on(table.businessId),
    check('machine_groups_firmware_known', sql`${table.firmware} in (0, 3.4, 3.5, 3.6)`),
  ],
);
