import {
  type ErrorCode,
  LIMITS,
  type QueueJobState,
  type QueueRunFailure,
  type QueueRunState,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businesses } from '../business/business.schema.ts';
import { machineTypes } from '../catalog/catalog.schema.ts';
import { libraryFiles } from '../library/library.schema.ts';
import { machineGroups } from '../machine-groups/machine-groups.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * A job of a business's print queue (docs/design.md §14): a library file (null once deleted, its name kept for the
 * history), its target (one machine group, or a machine type, optionally at one location), how many copies and how
 * many started. `copies_started` counts runs that are not failed, so a failed copy waits again; `state` is kept
 * with every change of copies and runs in the same transaction (`settleJob` of `print-queue-rows.ts`).
 */
export const printQueueJobs = pgTable(
  'print_queue_jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    libraryFileId: integer().references(() => libraryFiles.id, { onDelete: 'set null' }),
    fileName: varchar({ length: LIMITS.libraryNameMax }).notNull(),
    machineGroupId: integer().references(() => machineGroups.id, { onDelete: 'cascade' }),
    machineTypeId: integer().references(() => machineTypes.id, { onDelete: 'cascade' }),
    location: varchar({ length: LIMITS.locationMax }),
    copies: integer().notNull(),
    copiesStarted: integer().notNull().default(0),
    /** The order among the business's jobs: smaller first; reordering renumbers the business's waiting jobs. */
    position: integer().notNull(),
    state: varchar({ length: 16 }).$type<QueueJobState>().notNull().default('waiting'),
    queuedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp({ withTimezone: true }).notNull(),
    cancelledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('print_queue_jobs_business_idx').on(table.businessId, table.state, table.position),
    check(
      'print_queue_jobs_one_target',
      sql`(${table.machineGroupId} is null) <> (${table.machineTypeId} is null) and (${table.location} is null or ${table.machineTypeId} is not null)`,
    ),
    check(
      'print_queue_jobs_copies',
      sql`${table.copies} between 1 and ${sql.raw(String(LIMITS.queueCopiesMax))} and ${table.copiesStarted} between 0 and ${table.copies}`,
    ),
    check('print_queue_jobs_state', sql`${table.state} in ('waiting', 'printing', 'done', 'cancelled')`),
  ],
);

/**
 * One started copy of a job on one machine group, following its board. At most one active run per machine group
 * (the partial unique index): a second claim of a machine fails in the database, whatever instance makes it.
 */
export const printQueueRuns = pgTable(
  'print_queue_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer()
      .notNull()
      .references(() => printQueueJobs.id, { onDelete: 'cascade' }),
    machineGroupId: integer()
      .notNull()
      .references(() => machineGroups.id, { onDelete: 'cascade' }),
    copy: integer().notNull(),
    state: varchar({ length: 16 }).$type<QueueRunState>().notNull().default('starting'),
    /** The file on the board's card, as the board names it in its job (`0:/gcodes/queue/…`). */
    boardFile: varchar({ length: 2 * LIMITS.libraryNameMax }).notNull(),
    startedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    automatic: boolean().notNull().default(false),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    /** Why it failed, a code of the contract's `QUEUE_RUN_FAILURES` the interfaces word; null unless it failed. */
    reason: varchar({ length: 32 }).$type<QueueRunFailure>(),
    /** The portal's error code that stopped a start (`notStarted`), when it had one. */
    startError: varchar({ length: 32 }).$type<ErrorCode>(),
  },
  (table) => [
    uniqueIndex('print_queue_runs_one_active')
      .on(table.machineGroupId)
      .where(sql`${table.state} in ('starting', 'printing', 'paused')`),
    index('print_queue_runs_job_idx').on(table.jobId),
    check(
      'print_queue_runs_state',
      sql`${table.state} in ('starting', 'printing', 'paused', 'finished', 'failed', 'cancelled')`,
    ),
    check(
      'print_queue_runs_reason',
      sql`${table.reason} in ('fileRefused', 'startRefused', 'notStarted', 'halted', 'cancelledOnMachine', 'endedUnseen')`,
    ),
    check('print_queue_runs_start_error', sql`${table.startError} is null or ${table.reason} = 'notStarted'`),
  ],
);

/** A machine group whose bed a person said is clear: the next start on it takes this row (deleted as it claims). */
export const machineReadiness = pgTable('machine_readiness', {
  machineGroupId: integer()
    .primaryKey()
    .references(() => machineGroups.id, { onDelete: 'cascade' }),
  markedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  markedAt: timestamp({ withTimezone: true }).notNull(),
});
