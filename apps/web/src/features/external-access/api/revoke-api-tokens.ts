import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';

/** Every slicer token of the current user stops working. */
export const revokeApiTokens = (): Promise<void> =>
  answer(api.DELETE('/api/v1/customer/tokens/invalidate'), null);

export function useRevokeApiTokens() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: revokeApiTokens,
    onSuccess: () => showToast({ type: 'success', body: t('externalAccess.toast.revoked') }),
  });
}
