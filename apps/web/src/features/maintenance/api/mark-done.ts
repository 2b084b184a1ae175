import { type MaintenanceDone, type MaintenanceDoneBody, maintenanceDoneSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { maintenanceKey } from './maintenance-keys';

/** The task's counters start again from the date. */
export const markMaintenanceDone = (machine: number, body: MaintenanceDoneBody): Promise<MaintenanceDone> =>
  answer(
    api.POST('/api/v1/machinegroup/{id}/maintenance/done', { params: { path: { id: machine } }, body }),
    maintenanceDoneSchema,
  );

/** Records a task done; the machine's states, its log and the fleet list are read again. */
export function useMarkMaintenanceDone(machine: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceDoneBody) => markMaintenanceDone(machine, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('maintenance.done.saved') });
      await queryClient.invalidateQueries({ queryKey: maintenanceKey });
    },
  });
}
