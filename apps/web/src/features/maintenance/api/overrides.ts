import {
  type MaintenanceOverride,
  type MaintenanceOverrideBody,
  maintenanceOverrideSchema,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { maintenanceKey } from './maintenance-keys';

/** The path of a machine group's override of one task. */
const overrideOf = (machine: number, task: number) => ({ params: { path: { id: machine, task } } });

/** The group's own intervals, replacing the plan's. */
export const setMaintenanceOverride = (
  machine: number,
  task: number,
  body: MaintenanceOverrideBody,
): Promise<MaintenanceOverride> =>
  answer(
    api.PUT('/api/v1/machinegroup/{id}/maintenance/{task}/override', { ...overrideOf(machine, task), body }),
    maintenanceOverrideSchema,
  );

/** The plan's intervals apply again. */
export const removeMaintenanceOverride = (machine: number, task: number): Promise<void> =>
  answer(
    api.DELETE('/api/v1/machinegroup/{id}/maintenance/{task}/override', overrideOf(machine, task)),
    null,
  );

export function useSetMaintenanceOverride(machine: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, body }: { task: number; body: MaintenanceOverrideBody }) =>
      setMaintenanceOverride(machine, task, body),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('maintenance.overrides.toasts.set') });
      await queryClient.invalidateQueries({ queryKey: maintenanceKey });
    },
  });
}

export function useRemoveMaintenanceOverride(machine: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: number) => removeMaintenanceOverride(machine, task),
    onSuccess: async () => {
      showToast({ type: 'success', body: t('maintenance.overrides.toasts.removed') });
      await queryClient.invalidateQueries({ queryKey: maintenanceKey });
    },
  });
}
