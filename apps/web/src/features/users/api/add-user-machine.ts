import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { userMachinesQueryKey } from './get-user-machines';

/** Gives the user access to a machine group. */
export const addUserMachine = (userId: number, machine: number): Promise<void> =>
  answer(
    api.POST('/api/v1/users/{id}/machines', { params: { path: { id: userId } }, body: { machine } }),
    null,
  );

export function useAddUserMachine(userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (machine: number) => addUserMachine(userId, machine),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('users.toasts.machineAdded') });
      await queryClient.invalidateQueries({ queryKey: userMachinesQueryKey(userId) });
    },
  });
}
