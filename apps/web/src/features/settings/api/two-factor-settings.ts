import { type TwoFactorSettings, twoFactorSettingsSchema } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';

export const twoFactorSettingsKey = ['settings', 'two-factor'] as const;

/** GET /api/v1/settings/two-factor (administrators). */
export const getTwoFactorSettingsQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorSettingsKey,
    queryFn: ({ signal }) => apiRequest('/api/v1/settings/two-factor', twoFactorSettingsSchema, { signal }),
  });

export function useTwoFactorSettings() {
  return useQuery(getTwoFactorSettingsQueryOptions());
}

/** PUT /api/v1/settings/two-factor: sign-ins from then on ask for it. */
export function useSaveTwoFactorSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorSettings) =>
      apiRequest('/api/v1/settings/two-factor', twoFactorSettingsSchema, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(twoFactorSettingsKey, saved);
      showToast({ type: 'success', body: t('settings.twoFactor.saved') });
    },
  });
}
