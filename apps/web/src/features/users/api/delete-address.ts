import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { addressesQueryKey } from './get-addresses';

/** DELETE /api/v1/users/{id}/addresses/{addressId} (DESIGN.md section 3). */
export const deleteAddress = (userId: number, addressId: number): Promise<void> =>
  apiRequest(`/api/v1/users/${userId}/addresses/${addressId}`, null, { method: 'DELETE' });

export function useDeleteAddress(userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => deleteAddress(userId, addressId),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('users.toasts.addressDeleted') });
      await queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) });
    },
  });
}
