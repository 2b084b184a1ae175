import {
  type MaintenanceTask,
  type MaintenanceTaskBody,
  maintenanceTaskListSchema,
  maintenanceTaskSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { showToast } from '../../../lib/toast-store';
import { maintenanceKey, maintenanceTasksKey } from './maintenance-keys';

/** GET /api/v1/maintenance/tasks?machineType=: one machine type's plan (administrators). */
export const getPlanTasks = (machineType: number, signal?: AbortSignal): Promise<MaintenanceTask[]> =>
  apiRequest(`/api/v1/maintenance/tasks${queryString({ machineType })}`, maintenanceTaskListSchema, {
    signal,
  });

export function usePlanTasks(machineType: number | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: maintenanceTasksKey(machineType ?? 0),
      queryFn: ({ signal }) => getPlanTasks(machineType ?? 0, signal),
    }),
    enabled: machineType !== undefined,
  });
}

/** POST /api/v1/maintenance/tasks. */
export const createPlanTask = (body: MaintenanceTaskBody): Promise<MaintenanceTask> =>
  apiRequest('/api/v1/maintenance/tasks', maintenanceTaskSchema, { method: 'POST', body });

/** PUT /api/v1/maintenance/tasks/{id}: the task replaced as a whole. */
export const updatePlanTask = (id: number, body: MaintenanceTaskBody): Promise<MaintenanceTask> =>
  apiRequest(`/api/v1/maintenance/tasks/${id}`, maintenanceTaskSchema, { method: 'PUT', body });

/** DELETE /api/v1/maintenance/tasks/{id}: with its overrides and done records. */
export const deletePlanTask = (id: number): Promise<void> =>
  apiRequest(`/api/v1/maintenance/tasks/${id}`, null, { method: 'DELETE' });

/** After a change of a plan: plans, machines' states and the fleet list are read again. */
function usePlansChanged(toastKey: 'created' | 'updated' | 'deleted') {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async () => {
    showToast({ type: 'success', body: t(`maintenance.plan.toasts.${toastKey}`) });
    await queryClient.invalidateQueries({ queryKey: maintenanceKey });
  };
}

export function useCreatePlanTask() {
  const changed = usePlansChanged('created');
  return useMutation({ mutationFn: createPlanTask, onSuccess: changed });
}

export function useUpdatePlanTask() {
  const changed = usePlansChanged('updated');
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MaintenanceTaskBody }) => updatePlanTask(id, body),
    onSuccess: changed,
  });
}

export function useDeletePlanTask() {
  const changed = usePlansChanged('deleted');
  return useMutation({ mutationFn: deletePlanTask, onSuccess: changed });
}
