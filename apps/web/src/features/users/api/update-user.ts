import { type ErrorCode, type User, type UserUpdateBody, userSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { userQueryKey } from './get-user';
import { usersListQueryKey } from './get-users';

/** Only the fields given change. */
export const updateUser = (id: number, body: UserUpdateBody): Promise<User> =>
  answer(api.PUT('/api/v1/users/{id}', { params: { path: { id } }, body }), userSchema);

/** `fieldErrors`: the errors the caller's form shows beside its fields instead of a toast. */
export function useUpdateUser(fieldErrors: readonly ErrorCode[] = []) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateBody }) => updateUser(id, body),
    meta: { fieldErrors },
    onSuccess: async (user) => {
      showToast({ type: 'success', body: t('users.toasts.updated') });
      queryClient.setQueryData(userQueryKey(user.id), user);
      await queryClient.invalidateQueries({ queryKey: usersListQueryKey });
    },
  });
}
