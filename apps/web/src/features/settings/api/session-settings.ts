import { type SessionSettings, sessionSettingsSchema } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';

export const sessionSettingsKey = ['settings', 'sessions'] as const;

/** GET /api/v1/settings/sessions (administrators). */
export const getSessionSettings = (signal?: AbortSignal): Promise<SessionSettings> =>
  apiRequest('/api/v1/settings/sessions', sessionSettingsSchema, { signal });

export const getSessionSettingsQueryOptions = () =>
  queryOptions({ queryKey: sessionSettingsKey, queryFn: ({ signal }) => getSessionSettings(signal) });

export function useSessionSettings() {
  return useQuery(getSessionSettingsQueryOptions());
}

/** PUT /api/v1/settings/sessions: sessions opened from then on use it. */
export function useSaveSessionSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionSettings) =>
      apiRequest('/api/v1/settings/sessions', sessionSettingsSchema, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(sessionSettingsKey, saved);
      showToast({ type: 'success', body: t('settings.sessions.saved') });
    },
  });
}
