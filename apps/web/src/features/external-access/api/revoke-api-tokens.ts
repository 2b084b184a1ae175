import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';

/** DELETE /api/v1/customer/tokens/invalidate: every slicer token of the current user stops working. */
export const revokeApiTokens = (): Promise<void> =>
  apiRequest('/api/v1/customer/tokens/invalidate', null, { method: 'DELETE' });

export function useRevokeApiTokens() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: revokeApiTokens,
    onSuccess: () => showToast({ type: 'success', body: t('externalAccess.toast.revoked') }),
  });
}
