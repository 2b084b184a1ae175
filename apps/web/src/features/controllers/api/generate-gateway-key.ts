import { gatewayKeySchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { controllerQueryKey } from './controller-keys';

/**
 * Administrators only: a new gateway key, answered this once; the
 * server keeps only its hash and the previous key stops working.
 */
export const generateGatewayKey = (id: number): Promise<string> =>
  answer(
    api.POST('/api/v1/controller/computer/{id}/key', { params: { path: { id } } }),
    gatewayKeySchema,
  ).then((answer) => answer.key);

export function useGenerateGatewayKey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateGatewayKey(id),
    // The key itself never enters the query cache: only the caller's dialog holds it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controllerQueryKey(id) }),
  });
}
