import { LIMITS, type MachineJobOutcome } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { machineTypes } from '../catalog/catalog.schema.ts';
import { computerControllers, machineGroups } from '../machine-groups/machine-groups.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * Maintenance plans (docs/design.md §12): the tasks of a machine type's plan, each due every so many printing hours,
 * jobs, metres of filament and/or days (null: not by that criterion; at least one is set), whichever comes first.
 */
export const maintenanceTasks = pgTable(
  'maintenance_tasks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    machineTypeId: integer()
      .notNull()
      .references(() => machineTypes.id, { onDelete: 'cascade' }),
    name: varchar({ length: LIMITS.nameMax }).notNull(),
    instruction: text().notNull().default(''),
    link: text(),
    everyHours: integer(),
    everyJobs: integer(),
    everyMetres: integer(),
    everyDays: integer(),
  },
  (table) => [
    index('maintenance_tasks_type_idx').on(table.machineTypeId),
    check(
      'maintenance_tasks_some_interval',
      sql`coalesce(${table.everyHours}, ${table.everyJobs}, ${table.everyMetres}, ${table.everyDays}) is not null`,
    ),
  ],
);

/** A machine group's own intervals for a task of its type's plan, in place of the plan's. */
export const maintenanceOverrides = pgTable(
  'maintenance_overrides',
  {
    machineGroupId: integer()
      .notNull()
      .references(() => machineGroups.id, { onDelete: 'cascade' }),
    taskId: integer()
      .notNull()
      .references(() => maintenanceTasks.id, { onDelete: 'cascade' }),
    everyHours: integer(),
    everyJobs: integer(),
    everyMetres: integer(),
    everyDays: integer(),
  },
  (table) => [
    primaryKey({ columns: [table.machineGroupId, table.taskId] }),
    index('maintenance_overrides_task_idx').on(table.taskId),
    check(
      'maintenance_overrides_some_interval',
      sql`coalesce(${table.everyHours}, ${table.everyJobs}, ${table.everyMetres}, ${table.everyDays}) is not null`,
    ),
  ],
);

/** A task done on a machine group: its counters start again from `done_at`. */
export const maintenanceDone = pgTable(
  'maintenance_done',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer()
      .notNull()
      .references(() => maintenanceTasks.id, { onDelete: 'cascade' }),
    machineGroupId: integer()
      .notNull()
      .references(() => machineGroups.id, { onDelete: 'cascade' }),
    doneAt: timestamp({ withTimezone: true }).notNull(),
    doneBy: integer().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    parts: text().notNull().default(''),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('maintenance_done_group_task_idx').on(table.machineGroupId, table.taskId, table.doneAt)],
);

/**
 * One finished job of a controller, for the maintenance counters (docs/design.md §12). `finished_at` is kept to the
 * whole minute, the precision of the board's statistics log, and the unique key makes recording a job again (a
 * second instance, the statistics log's catch-up) a no-op. Print time, filament and outcome are null when the
 * source does not tell them. `machine_group_id` is the group the controller served when the job ended.
 */
export const machineJobs = pgTable(
  'machine_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    controllerId: integer()
      .notNull()
      .references(() => computerControllers.id, { onDelete: 'cascade' }),
    machineGroupId: integer().references(() => machineGroups.id, { onDelete: 'set null' }),
    finishedAt: timestamp({ withTimezone: true }).notNull(),
    fileName: text().notNull(),
    printSeconds: integer(),
    filamentMm: numeric({ precision: 12, scale: 1, mode: 'number' }),
    outcome: varchar({ length: 16 }).$type<MachineJobOutcome>(),
    /** Where it was learnt from: `live` (a job-finished event) or `statistics` (the board's log). */
    source: varchar({ length: 16 }).$type<'live' | 'statistics'>().notNull(),
    /**
     * The line of the board's statistics log that told it: its local minute, without zone as the board writes it
     * (null: no line has yet). With the controller and the file, it identifies the line whatever zone it was read in.
     */
    boardLocalAt: timestamp({ mode: 'string' }),
  },
  (table) => [
    uniqueIndex('machine_jobs_job_unique').on(table.controllerId, table.finishedAt, table.fileName),
    uniqueIndex('machine_jobs_board_line_unique').on(table.controllerId, table.boardLocalAt, table.fileName),
    index('machine_jobs_group_idx').on(table.machineGroupId, table.finishedAt),
    check('machine_jobs_outcome', sql`${table.outcome} in ('completed', 'cancelled', 'interrupted')`),
    check('machine_jobs_source', sql`${table.source} in ('live', 'statistics')`),
    check('machine_jobs_amounts', sql`${table.printSeconds} >= 0 and ${table.filamentMm} >= 0`),
  ],
);

/**
 * The maintenance reminders sent (docs/design.md §12): one per task, machine group and cycle, `cycle` being the done
 * record the task's counters start from (0: never done). Whichever instance inserts the row sends the reminder.
 */
export const maintenanceReminders = pgTable(
  'maintenance_reminders',
  {
    taskId: integer()
      .notNull()
      .references(() => maintenanceTasks.id, { onDelete: 'cascade' }),
    machineGroupId: integer()
      .notNull()
      .references(() => machineGroups.id, { onDelete: 'cascade' }),
    cycle: integer().notNull(),
    /** What the task was when the reminder went: `dueSoon` or `overdue`. */
    state: varchar({ length: 16 }).$type<'dueSoon' | 'overdue'>().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.taskId, table.machineGroupId, table.cycle] }),
    index('maintenance_reminders_group_idx').on(table.machineGroupId),
    check('maintenance_reminders_state', sql`${table.state} in ('dueSoon', 'overdue')`),
  ],
);
