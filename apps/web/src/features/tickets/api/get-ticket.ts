import { type Ticket, ticketSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { THREAD_REFRESH_MS, ticketQueryKey } from './ticket-keys';

export const getTicket = (id: number, signal?: AbortSignal): Promise<Ticket> =>
  answer(api.GET('/api/v1/tickets/{id}', { params: { path: { id } }, signal }), ticketSchema);

export const getTicketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ticketQueryKey(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    // Someone else may close or reopen it while it is open here.
    refetchInterval: THREAD_REFRESH_MS,
    retry: false,
  });

/** A ticket by id; disabled while there is no id. Its page shows a failed load in place, so no error toast. */
export function useTicket(id: number | null) {
  return useQuery({ ...getTicketQueryOptions(id ?? 0), enabled: id !== null, meta: { silent: true } });
}
