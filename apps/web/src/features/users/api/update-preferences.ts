import { type UserPreferences, type UserPreferencesBody, userPreferencesSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { preferencesQueryKey } from './get-preferences';

/** Sets which notifications the user gets: tickets' and machines'. */
export const updatePreferences = (userId: number, body: UserPreferencesBody): Promise<UserPreferences> =>
  answer(
    api.PUT('/api/v1/users/{id}/preferences', { params: { path: { id: userId } }, body }),
    userPreferencesSchema,
  );

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
