import { type License, licenseSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { CONTROLLERS_KEY } from './get-controller-choices';
import { LICENSES_KEY } from './license-keys';

/** Administrators only: starts the licence now, bound to `computer`. */
export const activateLicense = (id: number, computer: number): Promise<License> =>
  answer(
    api.PUT('/api/v1/licenses/{id}/activate', { params: { path: { id } }, body: { computer } }),
    licenseSchema,
  );

export function useActivateLicense() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, computer }: { id: number; computer: number }) => activateLicense(id, computer),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('licenses.toast.activated') });
      // The controller now names the licence it runs on.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: LICENSES_KEY }),
        queryClient.invalidateQueries({ queryKey: CONTROLLERS_KEY }),
      ]);
    },
  });
}
