import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { idParamSchema, idSchema } from './ids.ts';
import { LIMITS } from './limits.ts';
import { pageQuerySchema, pageSchema } from './paging.ts';
import { requiredText } from './validation.ts';

/**
 * A ticket (docs/product.md §3): `author` and `machine` are null once the user or the machine group
 * is gone (shown as 'Non identificabile' and 'Macchina non trovata'); `datetime` is when it was opened.
 */
export const ticketSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  author: z.number().int().nullable(),
  datetime: z.iso.datetime(),
  is_open: z.boolean(),
  machine: z.number().int().nullable(),
  /** The machine group's name and location, for the screens; null when it is gone. */
  machineName: z.string().nullable(),
  machineLocation: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * An item of GET /api/v1/tickets: the id, is_open, title and machine of docs/product.md §7, with its name and
 * place.
 */
export const ticketListItemSchema = ticketSchema.pick({
  id: true,
  is_open: true,
  title: true,
  machine: true,
  machineName: true,
  machineLocation: true,
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

/**
 * GET /api/v1/tickets: sorted by status (open first) unless told otherwise; `machine` keeps one machine
 * group's tickets (its settings page), `is_open` one status (the dashboard's counts).
 */
export const ticketListQuerySchema = pageQuerySchema(['status', 'id', 'title']).extend({
  machine: idParamSchema.optional(),
  is_open: z.enum(['true', 'false']).optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;
export const ticketPageSchema = pageSchema(ticketListItemSchema);

const ticketBodySchema = requiredText(LIMITS.ticketBodyMax);

/** POST /api/v1/tickets: title and description required (docs/product.md §5). */
export const ticketCreateBodySchema = z.object({
  title: requiredText(LIMITS.ticketTitleMax),
  machine: idSchema,
  content: ticketBodySchema,
});
export type TicketCreateBody = z.input<typeof ticketCreateBodySchema>;
export const ticketCreatedSchema = z.object({ id: z.number().int() });

/**
 * POST /api/v1/machinegroup/{id}/licence-renewal: a ticket asking the operator to renew the machine's licence.
 * The server writes its title and description, in `language` (the asker's screen), and answers the new ticket's
 * id, or the id of the machine's renewal ticket still open (200 instead of 201).
 */
export const licenceRenewalBodySchema = z.object({ language: z.enum(LANGUAGES) });
export type LicenceRenewalBody = z.input<typeof licenceRenewalBodySchema>;

/** PUT /api/v1/tickets/{id}: closes or reopens it. */
export const ticketUpdateBodySchema = z.object({ is_open: z.boolean() });
export type TicketUpdateBody = z.input<typeof ticketUpdateBodySchema>;

/** An answer of a ticket's thread; `author` is null once the user is gone. */
export const ticketAnswerSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  author: z.number().int().nullable(),
  datetime: z.iso.datetime(),
});
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

/** POST /api/v1/tickets/{id}/answers: sent only when not empty (docs/product.md §5). */
export const ticketAnswerBodySchema = z.object({ content: ticketBodySchema });
export type TicketAnswerBody = z.input<typeof ticketAnswerBodySchema>;

/** Who wrote the ticket or any of its answers. */
export const ticketAuthorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
});
export type TicketAuthor = z.infer<typeof ticketAuthorSchema>;
