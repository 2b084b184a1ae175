import type { StoredServiceSessionState } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { businesses } from '../business/business.schema.ts';
import { computerControllers } from '../machine-groups/machine-groups.schema.ts';
import { tickets } from '../tickets/tickets.schema.ts';
import { users } from '../users/users.schema.ts';

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
