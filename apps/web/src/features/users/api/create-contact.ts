import { type Contact, type ContactCreateBody, contactSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { contactsQueryKey } from './get-contacts';

/** POST /api/v1/users/{id}/contacts. */
export const createContact = (userId: number, body: ContactCreateBody): Promise<Contact> =>
  apiRequest(`/api/v1/users/${userId}/contacts`, contactSchema, { method: 'POST', body });

export function useCreateContact(userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactCreateBody) => createContact(userId, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('users.toasts.contactAdded') });
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey(userId) });
    },
  });
}
