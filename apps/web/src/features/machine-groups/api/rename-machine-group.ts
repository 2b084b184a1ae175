import type { MachineGroup } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast-store';
import { machineGroupListsKey, machineGroupQueryKey } from './machine-group-keys';
import { updateMachineGroup } from './update-machine-group';

/** The fields the machine list edits in place, one at a time. */
export type InlineField = 'name' | 'location';

/**
 * Sends just the name or just the location, as the machine card edits them
 * in place; the toast names the field (docs/product.md §8).
 */
export function useRenameMachineGroup(id: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, value }: { field: InlineField; value: string }): Promise<MachineGroup> =>
      updateMachineGroup(id, { [field]: value }),
    onSuccess: async (group, { field }) => {
      showToast({ type: 'success', body: t(`fleet.toasts.${field}`) });
      queryClient.setQueryData(machineGroupQueryKey(id), group);
      await queryClient.invalidateQueries({ queryKey: machineGroupListsKey });
    },
  });
}
