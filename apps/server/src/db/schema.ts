import { LIMITS, type MachineJobOutcome, type StoredServiceSessionState } from '@portal/contract';
import type { GatewayReport } from '@portal/tunnel';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
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
    /** Outside staff change this business's machines only in a service session it accepted (docs/design.md §11). */
    serviceConsent: boolean().notNull().default(false),
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

const catalogColumns = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: varchar({ length: LIMITS.nameMax }).notNull(),
  description: varchar({ length: LIMITS.descriptionMax }).notNull().default(''),
});

/** The catalogues of docs/product.md §3 "Type entries": machine, board and gateway computer types. */
export const machineTypes = pgTable('machine_types', catalogColumns());
export const boardTypes = pgTable('board_types', catalogColumns());
export const computerTypes = pgTable('computer_types', catalogColumns());

/**
 * A licence of a business: valid from its activation for `expiryMs` (a duration). It counts as expired
 * without an activation or once activation + expiry has passed. Activation binds it to a controller
 * (`computer_controllers.license_id`).
 */
export const licenses = pgTable(
  'licenses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    expiryMs: bigint({ mode: 'number' }).notNull(),
    activation: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('licenses_business_idx').on(table.businessId),
    check('licenses_expiry_positive', sql`${table.expiryMs} > 0`),
  ],
);

/** The gateway computers ("routers") at customers' sites; the key is stored only as a hash. */
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

/** Technicians and customers see the machine groups assigned to them (docs/design.md §3). */
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

/**
 * Support tickets about a machine group (docs/product.md §3). `business_id` is the business of the
 * machine group when the ticket was opened: its manager keeps seeing the ticket even once the group is
 * deleted. A deleted author or group leaves the ticket with null ('Non identificabile', 'Macchina non trovata').
 */
export const tickets = pgTable(
  'tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: LIMITS.ticketTitleMax }).notNull(),
    content: text().notNull(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    machineGroupId: integer().references(() => machineGroups.id, { onDelete: 'set null' }),
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    isOpen: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('tickets_machine_group_idx').on(table.machineGroupId),
    index('tickets_author_idx').on(table.authorId),
    index('tickets_business_idx').on(table.businessId),
  ],
);

/** The thread of a ticket, oldest first. */
export const ticketAnswers = pgTable(
  'ticket_answers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('ticket_answers_ticket_idx').on(table.ticketId)],
);

/** The news of the dashboard, written by administrators for everyone. */
export const feedItems = pgTable(
  'feed_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: LIMITS.feedTitleMax }).notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('feed_items_created_idx').on(table.createdAt)],
);

/**
 * Slicer API tokens are not stored (docs/design.md §4): each names a generation, and only the current one of
 * its user and controller works. Creating a token bumps it, so the earlier token stops working.
 */
export const apiTokenGenerations = pgTable(
  'api_token_generations',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    computerControllerId: integer()
      .notNull()
      .references(() => computerControllers.id, { onDelete: 'cascade' }),
    generation: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.computerControllerId] })],
);

/** A user's "revoke all": every slicer token issued before this moment stops working. */
export const apiTokenRevocations = pgTable('api_token_revocations', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  revokedBefore: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Password recovery links: only the SHA-256 of each token is kept, so the table gives no working link
 * away. A new request replaces the user's earlier links; a used one stays marked until then.
 */
export const passwordRecovery = pgTable(
  'password_recovery',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token sent in the link. */
    tokenHash: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('password_recovery_token_unique').on(table.tokenHash),
    index('password_recovery_user_idx').on(table.userId),
  ],
);

/** Recovery requests counted per key ("email:<hash>" or "address:<ip>") in a fixed window. */
export const passwordRecoveryLimits = pgTable('password_recovery_limits', {
  key: varchar({ length: 300 }).primaryKey(),
  requests: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
});

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
 * When each housekeeping task is next due, for the whole deployment: the instance whose claim moves it on runs the
 * task, so a task runs once per period however many instances there are (modules/housekeeping).
 */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  task: varchar({ length: 64 }).primaryKey(),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
});

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

/**
 * Service sessions (docs/design.md §11): someone outside a business asks, from a ticket, for control of the ticket's
 * machine for a while; the business's people accept or reject, and may end it early. `state` is the stored course
 * (`requested`, `accepted`, `rejected`, `withdrawn`, `ended`); an accepted session is open until `ends_at`.
 */
export const serviceSessions = pgTable(
  'service_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer().references(() => tickets.id, { onDelete: 'set null' }),
    controllerId: integer()
      .notNull()
      .references(() => computerControllers.id, { onDelete: 'cascade' }),
    /** The business whose consent it is: the machine's when it was asked for. */
    businessId: integer()
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    requesterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    hours: integer().notNull(),
    state: varchar({ length: 16 }).$type<StoredServiceSessionState>().notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    comment: text(),
    endsAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    endedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('service_sessions_controller_idx').on(table.controllerId, table.requesterId),
    index('service_sessions_ticket_idx').on(table.ticketId),
    index('service_sessions_business_idx').on(table.businessId, table.state),
    check(
      'service_sessions_state',
      sql`${table.state} in ('requested', 'accepted', 'rejected', 'withdrawn', 'ended')`,
    ),
    check('service_sessions_hours', sql`${table.hours} between 1 and 168`),
  ],
);

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
