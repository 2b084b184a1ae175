import { type Business, type BusinessCreateBody, businessSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { BUSINESS_KEY } from './get-businesses';

/** Administrators only. */
export const createBusiness = (body: BusinessCreateBody): Promise<Business> =>
  answer(api.POST('/api/v1/business', { body }), businessSchema);

export function useCreateBusiness() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusiness,
    onSuccess: async () => {
      showToast({ type: 'success', body: t('businesses.toast.created') });
      await queryClient.invalidateQueries({ queryKey: BUSINESS_KEY });
    },
  });
}
