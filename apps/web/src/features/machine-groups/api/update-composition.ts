import { type MachineGroup, type MachineGroupCompositionBody, machineGroupSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { machineGroupListsKey, machineGroupQueryKey } from './machine-group-keys';

/** Administrators only: machine type and computer controller. */
export const updateComposition = (id: number, body: MachineGroupCompositionBody): Promise<MachineGroup> =>
  answer(
    api.PUT('/api/v1/machinegroup/{id}/composition', { params: { path: { id } }, body }),
    machineGroupSchema,
  );

/** Changes the composition; `onChanged` lets the caller refresh the controllers it freed and took. */
export function useUpdateComposition(id: number, { onChanged }: { onChanged?: () => Promise<unknown> } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MachineGroupCompositionBody) => updateComposition(id, body),
    onSuccess: async (group) => {
      showToast({ type: 'success', body: t('hardware.machineGroups.toasts.composition') });
      queryClient.setQueryData(machineGroupQueryKey(id), group);
      await Promise.all([queryClient.invalidateQueries({ queryKey: machineGroupListsKey }), onChanged?.()]);
    },
  });
}
