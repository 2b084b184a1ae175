import { gatewayKeySchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { controllerQueryKey } from './controller-keys';

/**
 * POST /api/v1/controller/computer/{id}/key (administrators): a new gateway key, answered this once; the
 * server keeps only its hash and the previous key stops working.
 */
export const generateGatewayKey = (id: number): Promise<string> =>
  apiRequest(`/api/v1/controller/computer/${id}/key`, gatewayKeySchema, { method: 'POST' }).then(
    (answer) => answer.key,
  );

export function useGenerateGatewayKey(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateGatewayKey(id),
    // The key itself never enters the query cache: only the caller's dialog holds it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controllerQueryKey(id) }),
  });
}
