import { type MachineGroup, type MachineGroupCreateBody, machineGroupSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { machineGroupListsKey } from './machine-group-keys';

/** Administrators only. */
export const createMachineGroup = (body: MachineGroupCreateBody): Promise<MachineGroup> =>
  answer(api.POST('/api/v1/machinegroup', { body }), machineGroupSchema);

/** Creates a machine group; `onCreated` lets the caller refresh what else it changed (the controller is used now). */
export function useCreateMachineGroup({ onCreated }: { onCreated?: () => Promise<unknown> } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMachineGroup,
    onSuccess: async () => {
      showToast({ type: 'success', body: t('hardware.machineGroups.toasts.created') });
      await Promise.all([queryClient.invalidateQueries({ queryKey: machineGroupListsKey }), onCreated?.()]);
    },
  });
}
