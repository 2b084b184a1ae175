import { type TicketCreateBody, ticketCreatedSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { ticketListsKey } from './ticket-keys';

/** Opens a ticket; the server answers its id. */
export const createTicket = (body: TicketCreateBody): Promise<{ id: number }> =>
  answer(api.POST('/api/v1/tickets', { body }), ticketCreatedSchema);

/** Opens a ticket with the success toast of docs/product.md §8; the caller goes to it. */
export function useCreateTicket() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: async () => {
      showToast({ type: 'success', body: t('tickets.toasts.created') });
      await queryClient.invalidateQueries({ queryKey: ticketListsKey });
    },
  });
}
