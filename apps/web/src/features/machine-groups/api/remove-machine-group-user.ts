import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { machineGroupUsersQueryKey } from './machine-group-keys';

/**
 * The user loses access to the machine group (the same
 * call as the user page's machine removal; administrators, and managers within their business).
 */
export const removeMachineGroupUser = (groupId: number, userId: number): Promise<void> =>
  answer(
    api.DELETE('/api/v1/users/{id}/machines/{machineId}', {
      params: { path: { id: userId, machineId: groupId } },
    }),
    null,
  );

export function useRemoveMachineGroupUser(groupId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMachineGroupUser(groupId, userId),
    onSuccess: async (_answer, userId) => {
      showToast({ type: 'success', body: t('hardware.machineGroups.toasts.userRemoved') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: machineGroupUsersQueryKey(groupId) }),
        // The user page lists the same assignment.
        queryClient.invalidateQueries({ queryKey: ['users', userId] }),
      ]);
    },
  });
}
