import { type Business, type BusinessUpdateBody, businessSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { BUSINESS_KEY } from './get-businesses';

/** Administrators only: name, address, and `active` to suspend or reactivate. */
export const updateBusiness = (id: number, body: BusinessUpdateBody): Promise<Business> =>
  answer(api.PUT('/api/v1/business/{id}', { params: { path: { id } }, body }), businessSchema);

/** Saves a business's data; `active` alone suspends or reactivates it, and says which in its toast. */
export function useUpdateBusiness(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessUpdateBody) => updateBusiness(id, body),
    onSuccess: async (business, body) => {
      const onlyStatus = Object.keys(body).length === 1 && body.active !== undefined;
      const message = !onlyStatus
        ? t('businesses.toast.updated')
        : business.active
          ? t('businesses.toast.reactivated')
          : t('businesses.toast.suspended');
      showToast({ type: 'success', body: message });
      await queryClient.invalidateQueries({ queryKey: BUSINESS_KEY });
    },
  });
}
