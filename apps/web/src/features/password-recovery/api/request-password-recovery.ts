import type { PasswordRecoveryRequest } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/v1/password/recover: the answer is the same whether or not an account has the address. */
export const requestPasswordRecovery = (body: PasswordRecoveryRequest): Promise<void> =>
  apiRequest('/api/v1/password/recover', null, { method: 'POST', body, authenticated: false });

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
