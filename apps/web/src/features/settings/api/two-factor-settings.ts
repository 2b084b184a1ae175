import { type TwoFactorSettings, twoFactorSettingsSchema } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';

export const twoFactorSettingsKey = ['settings', 'two-factor'] as const;

/** Administrators only. */
export const getTwoFactorSettingsQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorSettingsKey,
    queryFn: ({ signal }) =>
      answer(api.GET('/api/v1/settings/two-factor', { signal }), twoFactorSettingsSchema),
  });

export function useTwoFactorSettings() {
  return useQuery(getTwoFactorSettingsQueryOptions());
}

/** Sign-ins from then on ask for it. */
export function useSaveTwoFactorSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorSettings) =>
      answer(api.PUT('/api/v1/settings/two-factor', { body }), twoFactorSettingsSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(twoFactorSettingsKey, saved);
      showToast({ type: 'success', body: t('settings.twoFactor.saved') });
    },
  });
}
