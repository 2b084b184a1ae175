import type { ticketListQuerySchema } from '@portal/contract';
import type { z } from 'zod';

/** What a ticket list asks for; the server fills in the rest. */
export type TicketListParams = Partial<z.output<typeof ticketListQuerySchema>>;

/** Query keys of the tickets feature: lists, one ticket, its thread and authors, all under one prefix. */
export const ticketsKey = ['tickets'] as const;
export const ticketListsKey = [...ticketsKey, 'list'] as const;
export const ticketListQueryKey = (query: TicketListParams) => [...ticketListsKey, query] as const;
export const ticketQueryKey = (id: number) => [...ticketsKey, id] as const;
export const ticketAnswersQueryKey = (id: number) => [...ticketsKey, id, 'answers'] as const;
export const ticketAuthorsQueryKey = (id: number) => [...ticketsKey, id, 'authors'] as const;

/**
 * While a thread is open it is read again this often, so an answer someone else writes appears without
 * reloading. TanStack Query's interval pauses while the tab is hidden (refetchIntervalInBackground is
 * false), so a forgotten tab costs nothing.
 */
export const THREAD_REFRESH_MS = 5000;
