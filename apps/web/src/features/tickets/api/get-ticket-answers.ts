import { type TicketAnswer, ticketAnswerSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { answer, api } from '../../../lib/api/client';
import { THREAD_REFRESH_MS, ticketAnswersQueryKey } from './ticket-keys';

export const ticketThreadSchema = z.array(ticketAnswerSchema);

/** A ticket's thread, oldest first. */
export const getTicketAnswers = (id: number, signal?: AbortSignal): Promise<TicketAnswer[]> =>
  answer(api.GET('/api/v1/tickets/{id}/answers', { params: { path: { id } }, signal }), ticketThreadSchema);

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
