import type { PasswordRecoveryRequest } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, publicApi } from '../../../lib/api/client';

/** Asks for a recovery mail: the answer is the same whether or not an account has the address. */
export const requestPasswordRecovery = (body: PasswordRecoveryRequest): Promise<void> =>
  answer(publicApi.POST('/api/v1/password/recover', { body }), null);

export function useRequestPasswordRecovery() {
  return useMutation({ mutationFn: requestPasswordRecovery });
}
