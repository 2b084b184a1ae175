import { type License, type LicenseCreateBody, licenseSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { LICENSES_KEY } from './license-keys';

/** Administrators only: a licence of `expiry` milliseconds, not yet activated. */
export const createLicense = (body: LicenseCreateBody): Promise<License> =>
  answer(api.POST('/api/v1/licenses', { body }), licenseSchema);

export function useCreateLicense() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLicense,
    onSuccess: async () => {
      showToast({ type: 'success', body: t('licenses.toast.created') });
      await queryClient.invalidateQueries({ queryKey: LICENSES_KEY });
    },
  });
}
