import { LIMITS } from '@portal/contract';
import { boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { businesses } from '../business/business.schema.ts';
import { machineGroups } from '../machine-groups/machine-groups.schema.ts';
import { users } from '../users/users.schema.ts';

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
