import { type MachineGroup, type MachineGroupUpdateBody, machineGroupSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { machineGroupListsKey, machineGroupQueryKey } from './machine-group-keys';

/** PUT /api/v1/machinegroup/{id}: name, location, description; firmware and business for administrators. */
export const updateMachineGroup = (id: number, body: MachineGroupUpdateBody): Promise<MachineGroup> =>
  apiRequest(`/api/v1/machinegroup/${id}`, machineGroupSchema, { method: 'PUT', body });

/** The toast each part of the settings page shows once the server agrees. */
export type MachineGroupUpdateKind = 'general' | 'business';

export function useUpdateMachineGroup(id: number, kind: MachineGroupUpdateKind) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MachineGroupUpdateBody) => updateMachineGroup(id, body),
    onSuccess: async (group) => {
      showToast({ type: 'success', body: t(`hardware.machineGroups.toasts.${kind}`) });
      queryClient.setQueryData(machineGroupQueryKey(id), group);
      await queryClient.invalidateQueries({ queryKey: machineGroupListsKey });
    },
  });
}
