import { type TicketAuthor, ticketAuthorSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { answer, api } from '../../../lib/api/client';
import { ticketAuthorsQueryKey } from './ticket-keys';

/** Who wrote the ticket or its answers. */
export const getTicketAuthors = (id: number, signal?: AbortSignal): Promise<TicketAuthor[]> =>
  answer(
    api.GET('/api/v1/tickets/{id}/authors', { params: { path: { id } }, signal }),
    z.array(ticketAuthorSchema),
  );

/**
 * The authors, read again whenever the thread grows (`answerCount` is part of the key), since a new
 * answer may come from someone not yet in the list.
 */
export function useTicketAuthors(id: number, answerCount: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: [...ticketAuthorsQueryKey(id), answerCount ?? 0],
      queryFn: ({ signal }) => getTicketAuthors(id, signal),
      enabled: answerCount !== undefined,
      placeholderData: (previous) => previous,
    }),
  );
}
