import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { CONTROLLERS_KEY } from './get-controller-choices';
import { LICENSES_KEY } from './license-keys';

/** Administrators only. */
export const deleteLicense = (id: number): Promise<void> =>
  answer(api.DELETE('/api/v1/licenses/{id}', { params: { path: { id } } }), null);

export function useDeleteLicense() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLicense,
    meta: { deletion: true },
    onSuccess: async () => {
      showToast({ type: 'success', body: t('licenses.toast.deleted') });
      // A controller bound to the licence loses it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: LICENSES_KEY }),
        queryClient.invalidateQueries({ queryKey: CONTROLLERS_KEY }),
      ]);
    },
  });
}
