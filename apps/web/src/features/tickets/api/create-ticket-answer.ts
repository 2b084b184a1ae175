import type { TicketAnswer } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { ticketThreadSchema } from './get-ticket-answers';
import { ticketAnswersQueryKey } from './ticket-keys';

/** Answers a ticket; the server answers the whole thread. */
export const createTicketAnswer = (id: number, content: string): Promise<TicketAnswer[]> =>
  answer(
    api.POST('/api/v1/tickets/{id}/answers', { params: { path: { id } }, body: { content } }),
    ticketThreadSchema,
  );

/** Answers a ticket with 'Answer created successfully'; the thread the server answers replaces the cached one. */
export function useCreateTicketAnswer(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createTicketAnswer(id, content),
    onSuccess: (thread) => {
      showToast({ type: 'success', body: t('tickets.toasts.answered') });
      queryClient.setQueryData(ticketAnswersQueryKey(id), thread);
    },
  });
}
