import { type Page, type TicketListItem, ticketPageSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { type TicketListParams, ticketListQueryKey } from './ticket-keys';

/** GET /api/v1/tickets: one page of the tickets the caller sees, open ones first by default. */
export const getTickets = (query: TicketListParams, signal?: AbortSignal): Promise<Page<TicketListItem>> =>
  apiRequest(`/api/v1/tickets${queryString(query)}`, ticketPageSchema, { signal });

export const getTicketsQueryOptions = (query: TicketListParams) =>
  queryOptions({
    queryKey: ticketListQueryKey(query),
    queryFn: ({ signal }) => getTickets(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTickets(query: TicketListParams) {
  return useQuery(getTicketsQueryOptions(query));
}
