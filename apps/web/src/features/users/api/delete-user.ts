import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { showUserErrorToast } from './error-toast';
import { userQueryKey } from './get-user';
import { usersListQueryKey } from './get-users';
export const deleteUser = (id: number): Promise<void> =>
  answer(api.DELETE('/api/v1/users/{id}', { params: { path: { id } } }), null);

/**
 * Deletes a user. A refusal shows the danger toast 'Cannot delete user' of docs/product.md §8 with the
 * server's reason, instead of the generic error toast.
 */
export function useDeleteUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    meta: { silent: true },
    onSuccess: async (_, id) => {
      showToast({ type: 'success', body: t('users.toasts.deleted') });
      queryClient.removeQueries({ queryKey: userQueryKey(id), exact: true });
      await queryClient.invalidateQueries({ queryKey: usersListQueryKey });
    },
    onError: (error) => showUserErrorToast(error, t, t('users.toasts.cannotDelete'), { deletion: true }),
  });
}
