import { type User, type UserCreateBody, userSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { usersListQueryKey } from './get-users';
export const createUser = (body: UserCreateBody): Promise<User> =>
  answer(api.POST('/api/v1/users', { body }), userSchema);

export function useCreateUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // The create dialog shows these beside its fields (user-create-dialog.tsx).
    meta: { fieldErrors: ['EMAIL_TAKEN', 'VALIDATION_FAILED'] },
    onSuccess: async () => {
      showToast({ type: 'success', body: t('users.toasts.created') });
      await queryClient.invalidateQueries({ queryKey: usersListQueryKey });
    },
  });
}
