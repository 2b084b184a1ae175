import { type TicketAnswer, ticketAnswerSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { THREAD_REFRESH_MS, ticketAnswersQueryKey } from './ticket-keys';

export const ticketThreadSchema = z.array(ticketAnswerSchema);

/** GET /api/v1/tickets/{id}/answers: the thread, oldest first. */
export const getTicketAnswers = (id: number, signal?: AbortSignal): Promise<TicketAnswer[]> =>
  apiRequest(`/api/v1/tickets/${id}/answers`, ticketThreadSchema, { signal });

export const getTicketAnswersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ticketAnswersQueryKey(id),
    queryFn: ({ signal }) => getTicketAnswers(id, signal),
    // Polled while the thread is open and the tab visible: someone else's answer appears by itself.
    refetchInterval: THREAD_REFRESH_MS,
  });

export function useTicketAnswers(id: number) {
  return useQuery(getTicketAnswersQueryOptions(id));
}
