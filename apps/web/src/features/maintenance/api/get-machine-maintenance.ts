import {
  type MachineMaintenance,
  type MaintenanceDone,
  machineMaintenanceSchema,
  maintenanceDoneSchema,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { FLEET_REFRESH_MS } from './get-maintenance-fleet';
import { machineMaintenanceKey, maintenanceDoneLogKey } from './maintenance-keys';

/** GET /api/v1/machinegroup/{id}/maintenance: the tasks of the group's plan, each with its counters and state. */
export const getMachineMaintenance = (machine: number, signal?: AbortSignal): Promise<MachineMaintenance> =>
  apiRequest(`/api/v1/machinegroup/${machine}/maintenance`, machineMaintenanceSchema, { signal });

export const getMachineMaintenanceQueryOptions = (machine: number) =>
  queryOptions({
    queryKey: machineMaintenanceKey(machine),
    queryFn: ({ signal }) => getMachineMaintenance(machine, signal),
    refetchInterval: FLEET_REFRESH_MS,
  });

/** One machine's plan and states; `silent` where it is a side note of the page (the machine page's badge). */
export function useMachineMaintenance(machine: number, { silent = false }: { silent?: boolean } = {}) {
  return useQuery({ ...getMachineMaintenanceQueryOptions(machine), meta: { silent } });
}

const doneLogSchema = z.array(maintenanceDoneSchema);

/** GET /api/v1/machinegroup/{id}/maintenance/done: the work recorded on the group, newest first. */
export const getMaintenanceDoneLog = (machine: number, signal?: AbortSignal): Promise<MaintenanceDone[]> =>
  apiRequest(`/api/v1/machinegroup/${machine}/maintenance/done`, doneLogSchema, { signal });

export function useMaintenanceDoneLog(machine: number) {
  return useQuery(
    queryOptions({
      queryKey: maintenanceDoneLogKey(machine),
      queryFn: ({ signal }) => getMaintenanceDoneLog(machine, signal),
    }),
  );
}
