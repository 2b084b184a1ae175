import { type Ticket, ticketSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { ticketListsKey, ticketQueryKey } from './ticket-keys';

/** Closes or reopens a ticket. */
export const setTicketOpen = (id: number, isOpen: boolean): Promise<Ticket> =>
  answer(
    api.PUT('/api/v1/tickets/{id}', { params: { path: { id } }, body: { is_open: isOpen } }),
    ticketSchema,
  );

/** Sets is_open to the opposite (docs/product.md §4), with 'Ticket opened/closed successfully'. */
export function useSetTicketOpen(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOpen: boolean) => setTicketOpen(id, isOpen),
    onSuccess: async (ticket) => {
      showToast({
        type: 'success',
        body: t(ticket.is_open ? 'tickets.toasts.opened' : 'tickets.toasts.closed'),
      });
      queryClient.setQueryData(ticketQueryKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: ticketListsKey });
    },
  });
}
