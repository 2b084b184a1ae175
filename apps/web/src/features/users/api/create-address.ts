import { type Address, type AddressCreateBody, addressSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { addressesQueryKey } from './get-addresses';

/** POST /api/v1/users/{id}/addresses. */
export const createAddress = (userId: number, body: AddressCreateBody): Promise<Address> =>
  apiRequest(`/api/v1/users/${userId}/addresses`, addressSchema, { method: 'POST', body });

export function useCreateAddress(userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressCreateBody) => createAddress(userId, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('users.toasts.addressAdded') });
      await queryClient.invalidateQueries({ queryKey: addressesQueryKey(userId) });
    },
  });
}
