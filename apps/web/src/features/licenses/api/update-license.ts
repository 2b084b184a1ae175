import { type License, type LicenseUpdateBody, licenseSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { LICENSES_KEY } from './license-keys';

/** Administrators only: expiry, business and activation date. */
export const updateLicense = (id: number, body: LicenseUpdateBody): Promise<License> =>
  answer(api.PUT('/api/v1/licenses/{id}', { params: { path: { id } }, body }), licenseSchema);

export function useUpdateLicense() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LicenseUpdateBody }) => updateLicense(id, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('licenses.toast.updated') });
      await queryClient.invalidateQueries({ queryKey: LICENSES_KEY });
    },
  });
}
