import { computerControllerSchema, type PairingClaimBody } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { controllerQueryKey } from './controller-keys';

/**
 * Administrators: binds the gateway showing `code` to the controller. The gateway's own key becomes the controller's
 * (the previous one stops working) and it learns the board's and webcam's addresses: no secret passes this page.
 */
export const pairGateway = (id: number, body: PairingClaimBody) =>
  answer(
    api.POST('/api/v1/controller/computer/{id}/pairing', { params: { path: { id } }, body }),
    computerControllerSchema,
  );

export function usePairGateway(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PairingClaimBody) => pairGateway(id, body),
    // A wrong code is shown under its field, not as a toast.
    meta: { fieldErrors: ['VALIDATION_FAILED'] },
    onSuccess: (controller) => queryClient.setQueryData(controllerQueryKey(id), controller),
  });
}
