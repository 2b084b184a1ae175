import { type SessionSettings, sessionSettingsSchema } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';

export const sessionSettingsKey = ['settings', 'sessions'] as const;

/** Administrators only. */
export const getSessionSettings = (signal?: AbortSignal): Promise<SessionSettings> =>
  answer(api.GET('/api/v1/settings/sessions', { signal }), sessionSettingsSchema);

export const getSessionSettingsQueryOptions = () =>
  queryOptions({ queryKey: sessionSettingsKey, queryFn: ({ signal }) => getSessionSettings(signal) });

export function useSessionSettings() {
  return useQuery(getSessionSettingsQueryOptions());
}

/** Sessions opened from then on use it. */
export function useSaveSessionSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionSettings) =>
      answer(api.PUT('/api/v1/settings/sessions', { body }), sessionSettingsSchema),
    onSuccess: (saved) => {
      queryClient.setQueryData(sessionSettingsKey, saved);
      showToast({ type: 'success', body: t('settings.sessions.saved') });
    },
  });
}
