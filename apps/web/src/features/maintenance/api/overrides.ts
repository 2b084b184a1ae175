import {
  type MaintenanceOverride,
  type MaintenanceOverrideBody,
  maintenanceOverrideSchema,
} from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast-store';
import { maintenanceKey } from './maintenance-keys';

const overridePath = (machine: number, task: number) =>
  `/api/v1/machinegroup/${machine}/maintenance/${task}/override`;

/** PUT /api/v1/machinegroup/{id}/maintenance/{task}/override: the group's own intervals, replacing the plan's. */
export const setMaintenanceOverride = (
  machine: number,
  task: number,
  body: MaintenanceOverrideBody,
): Promise<MaintenanceOverride> =>
  apiRequest(overridePath(machine, task), maintenanceOverrideSchema, { method: 'PUT', body });

/** DELETE …/override: the plan's intervals apply again. */
export const removeMaintenanceOverride = (machine: number, task: number): Promise<void> =>
  apiRequest(overridePath(machine, task), null, { method: 'DELETE' });

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
