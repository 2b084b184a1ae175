import { type Page, type TicketListItem, ticketPageSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { type TicketListParams, ticketListQueryKey } from './ticket-keys';

/** One page of the tickets the caller sees, open ones first by default. */
export const getTickets = (query: TicketListParams, signal?: AbortSignal): Promise<Page<TicketListItem>> =>
  answer(api.GET('/api/v1/tickets', { params: { query }, signal }), ticketPageSchema);

export const getTicketsQueryOptions = (query: TicketListParams) =>
  queryOptions({
    queryKey: ticketListQueryKey(query),
    queryFn: ({ signal }) => getTickets(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTickets(query: TicketListParams) {
  return useQuery(getTicketsQueryOptions(query));
}
