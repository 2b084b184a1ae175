import { type Language, ticketCreatedSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { ticketListsKey } from './ticket-keys';

/**
 * Asks the operator to renew a machine group's licence: the server writes the ticket (its title and description
 * in `language`) and answers its id, or the id of the machine's renewal ticket still open.
 */
export const requestLicenceRenewal = (machineGroupId: number, language: Language): Promise<{ id: number }> =>
  answer(
    api.POST('/api/v1/machinegroup/{id}/licence-renewal', {
      params: { path: { id: machineGroupId } },
      body: { language },
    }),
    ticketCreatedSchema,
  );

/** The renewal request; the caller goes to the ticket. */
export function useRequestLicenceRenewal(machineGroupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => requestLicenceRenewal(machineGroupId, language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketListsKey }),
  });
}
