import {
  type MaintenanceTask,
  type MaintenanceTaskBody,
  maintenanceTaskListSchema,
  maintenanceTaskSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast-store';
import { maintenanceKey, maintenanceTasksKey } from './maintenance-keys';

/** One machine type's plan (administrators). */
export const getPlanTasks = (machineType: number, signal?: AbortSignal): Promise<MaintenanceTask[]> =>
  answer(
    api.GET('/api/v1/maintenance/tasks', { params: { query: { machineType } }, signal }),
    maintenanceTaskListSchema,
  );

export function usePlanTasks(machineType: number | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: maintenanceTasksKey(machineType ?? 0),
      queryFn: ({ signal }) => getPlanTasks(machineType ?? 0, signal),
    }),
    enabled: machineType !== undefined,
  });
}
export const createPlanTask = (body: MaintenanceTaskBody): Promise<MaintenanceTask> =>
  answer(api.POST('/api/v1/maintenance/tasks', { body }), maintenanceTaskSchema);

/** Replaces the task as a whole. */
export const updatePlanTask = (id: number, body: MaintenanceTaskBody): Promise<MaintenanceTask> =>
  answer(
    api.PUT('/api/v1/maintenance/tasks/{id}', { params: { path: { id } }, body }),
    maintenanceTaskSchema,
  );

/** Deletes the task with its overrides and done records. */
export const deletePlanTask = (id: number): Promise<void> =>
  answer(api.DELETE('/api/v1/maintenance/tasks/{id}', { params: { path: { id } } }), null);

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
