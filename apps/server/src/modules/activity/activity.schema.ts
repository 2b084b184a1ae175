import { LIMITS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The activity record (docs/design.md §9): who did what to which machine or account, append-only. Each entry's
 * `hash` covers its own fields and the `hash` of the entry before it (`seq` - 1), so an altered, inserted or
 * removed entry breaks the chain where it is. No foreign keys: an entry outlives the user, machine or business it
 * names, and the database refuses every UPDATE and DELETE (migration 0012's triggers) but the pruning of entries
 * older than `activity_chain.retention_days`.
 */
export const activityRecords = pgTable(
  'activity_records',
  {
    seq: bigint({ mode: 'number' }).primaryKey(),
    /** The entry's own identity, so that an entry replayed from an instance's journal is written once. */
    entryId: uuid().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    actorUserId: integer(),
    /** Who the actor was then: the address, role and business the entry was made under. */
    actorEmail: varchar({ length: LIMITS.emailMax }),
    actorRole: smallint(),
    actorBusinessId: integer(),
    /** The machine the entry concerns (its controller), and the business that machine belonged to then. */
    controllerId: integer(),
    businessId: integer(),
    ticketId: integer(),
    kind: varchar({ length: 64 }).notNull(),
    /** What was done: the G-code, the file's name, size and SHA-256, the changed fields, … (by `kind`). */
    detail: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The client's address as the portal saw it. */
    address: varchar({ length: 64 }),
    /** The board's answer (its HTTP status), or null where there is none (an administrative action, no answer). */
    outcome: integer(),
    prevHash: varchar({ length: 64 }).notNull(),
    hash: varchar({ length: 64 }).notNull(),
    /**
     * How `hash` is computed: 1, SHA-256 (entries written before the record had a key); 2, HMAC-SHA-256 with the
     * key, which is not in the database. No default: an instance of an earlier release cannot append unkeyed.
     */
    chain: smallint().notNull(),
  },
  (table) => [
    uniqueIndex('activity_records_entry_unique').on(table.entryId),
    index('activity_records_at_idx').on(table.at),
    index('activity_records_controller_idx').on(table.controllerId, table.seq),
    index('activity_records_business_idx').on(table.businessId, table.seq),
    index('activity_records_actor_idx').on(table.actorUserId, table.seq),
    index('activity_records_ticket_idx').on(table.ticketId, table.seq),
  ],
);

/**
 * The head of the activity record's chain, one row: the last entry's number and hash (so removing the newest
 * entries is seen too), the hash the oldest kept entry follows (the last pruned one's, or the start), how many
 * days entries are kept, and where the keyed chain starts.
 */
export const activityChain = pgTable(
  'activity_chain',
  {
    id: smallint().primaryKey(),
    lastSeq: bigint({ mode: 'number' }).notNull(),
    lastHash: varchar({ length: 64 }).notNull(),
    anchorSeq: bigint({ mode: 'number' }).notNull(),
    anchorHash: varchar({ length: 64 }).notNull(),
    retentionDays: integer().notNull(),
    /** The last entry written before the record had a key: every later one is keyed (checkpoints pin it). */
    keyedFromSeq: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [check('activity_chain_one_row', sql`${table.id} = 1`)],
);
