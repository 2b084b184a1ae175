import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { ticketListsKey, ticketQueryKey } from './ticket-keys';

/** Deletes a ticket (administrators). */
export const deleteTicket = (id: number): Promise<void> =>
  answer(api.DELETE('/api/v1/tickets/{id}', { params: { path: { id } } }), null);

export function useDeleteTicket(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTicket(id),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('tickets.toasts.deleted') });
      queryClient.removeQueries({ queryKey: ticketQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: ticketListsKey });
    },
  });
}
