import type { PasswordRecoveryChange } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/v1/password/recover: sets the new password with the mailed link's token and address. */
export const changeRecoveredPassword = (body: PasswordRecoveryChange): Promise<void> =>
  apiRequest('/api/v1/password/recover', null, { method: 'PUT', body, authenticated: false });

export function useChangeRecoveredPassword() {
  return useMutation({ mutationFn: changeRecoveredPassword });
}
