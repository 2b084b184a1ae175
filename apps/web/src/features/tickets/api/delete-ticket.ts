import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { ticketListsKey, ticketQueryKey } from './ticket-keys';

/** DELETE /api/v1/tickets/{id} (administrators). */
export const deleteTicket = (id: number): Promise<void> =>
  apiRequest(`/api/v1/tickets/${id}`, null, { method: 'DELETE' });

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
