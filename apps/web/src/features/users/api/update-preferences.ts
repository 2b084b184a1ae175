import { type UserPreferences, type UserPreferencesBody, userPreferencesSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { preferencesQueryKey } from './get-preferences';

/** PUT /api/v1/users/{id}/preferences body {ticketNotifications, machineNotifications}. */
export const updatePreferences = (userId: number, body: UserPreferencesBody): Promise<UserPreferences> =>
  apiRequest(`/api/v1/users/${userId}/preferences`, userPreferencesSchema, { method: 'PUT', body });

export function useUpdatePreferences(userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserPreferencesBody) => updatePreferences(userId, body),
    onSuccess: (preferences) => {
      showToast({ type: 'success', body: t('users.toasts.preferencesUpdated') });
      queryClient.setQueryData(preferencesQueryKey(userId), preferences);
    },
  });
}
