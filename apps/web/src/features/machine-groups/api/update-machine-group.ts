import { type MachineGroup, type MachineGroupUpdateBody, machineGroupSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { machineGroupListsKey, machineGroupQueryKey, machineGroupUsersQueryKey } from './machine-group-keys';

/** Name, location, description; firmware and business for administrators. */
export const updateMachineGroup = (id: number, body: MachineGroupUpdateBody): Promise<MachineGroup> =>
  answer(api.PUT('/api/v1/machinegroup/{id}', { params: { path: { id } }, body }), machineGroupSchema);

/** The toast each part of the settings page shows once the server agrees. */
export type MachineGroupUpdateKind = 'general' | 'business';

/**
 * Updates a machine group. A move to another business takes its controller along and ends the access of
 * the other business's users: then its users are refreshed too, and `onMoved` lets the caller refresh
 * the controllers.
 */
export function useUpdateMachineGroup(
  id: number,
  kind: MachineGroupUpdateKind,
  { onMoved }: { onMoved?: () => Promise<unknown> } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MachineGroupUpdateBody) => updateMachineGroup(id, body),
    onSuccess: async (group, body) => {
      showToast({ type: 'success', body: t(`hardware.machineGroups.toasts.${kind}`) });
      queryClient.setQueryData(machineGroupQueryKey(id), group);
      const moved = body.business !== undefined;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: machineGroupListsKey }),
        moved && queryClient.invalidateQueries({ queryKey: machineGroupUsersQueryKey(id) }),
        moved && onMoved?.(),
      ]);
    },
  });
}
