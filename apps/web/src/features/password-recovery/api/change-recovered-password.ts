import type { PasswordRecoveryChange } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { answer, publicApi } from '../../../lib/api/client';

/** Sets the new password with the mailed link's token and address. */
export const changeRecoveredPassword = (body: PasswordRecoveryChange): Promise<void> =>
  answer(publicApi.PUT('/api/v1/password/recover', { body }), null);

export function useChangeRecoveredPassword() {
  return useMutation({ mutationFn: changeRecoveredPassword });
}
