import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { userMachinesQueryKey } from './get-user-machines';

/** Takes the user's access to a machine group away. */
export const removeUserMachine = (userId: number, machineId: number): Promise<void> =>
  answer(
    api.DELETE('/api/v1/users/{id}/machines/{machineId}', { params: { path: { id: userId, machineId } } }),
    null,
  );

export function useRemoveUserMachine(userId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (machineId: number) => removeUserMachine(userId, machineId),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('users.toasts.machineRemoved') });
      await queryClient.invalidateQueries({ queryKey: userMachinesQueryKey(userId) });
    },
  });
}
