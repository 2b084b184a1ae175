import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { userMachinesQueryKey } from './get-user-machines';

/** DELETE /api/v1/users/{id}/machines/{machineId}: takes the user's access to a machine group away. */
export const removeUserMachine = (userId: number, machineId: number): Promise<void> =>
  apiRequest(`/api/v1/users/${userId}/machines/${machineId}`, null, { method: 'DELETE' });

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
