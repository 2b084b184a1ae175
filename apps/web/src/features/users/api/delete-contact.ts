import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { contactsQueryKey } from './get-contacts';

/** DELETE /api/v1/users/{id}/contacts/{contactId}. */
export const deleteContact = (userId: number, contactId: number): Promise<void> =>
  apiRequest(`/api/v1/users/${userId}/contacts/${contactId}`, null, { method: 'DELETE' });

export function useDeleteContact(userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => deleteContact(userId, contactId),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('users.toasts.contactDeleted') });
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey(userId) });
    },
  });
}
