import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { BUSINESS_KEY } from './get-businesses';

/** Administrators only; a business others depend on answers 409. */
export const deleteBusiness = (id: number): Promise<void> =>
  answer(api.DELETE('/api/v1/business/{id}', { params: { path: { id } } }), null);

export function useDeleteBusiness() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBusiness,
    meta: { deletion: true },
    onSuccess: async () => {
      showToast({ type: 'success', body: t('businesses.toast.deleted') });
      await queryClient.invalidateQueries({ queryKey: BUSINESS_KEY });
    },
  });
}
