import {
  type MachineMaintenance,
  type MaintenanceDone,
  machineMaintenanceSchema,
  maintenanceDoneSchema,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { answer, api } from '../../../lib/api/client';
import { FLEET_REFRESH_MS } from './get-maintenance-fleet';
import { machineMaintenanceKey, maintenanceDoneLogKey } from './maintenance-keys';

/** The tasks of the group's plan, each with its counters and state. */
export const getMachineMaintenance = (machine: number, signal?: AbortSignal): Promise<MachineMaintenance> =>
  answer(
    api.GET('/api/v1/machinegroup/{id}/maintenance', { params: { path: { id: machine } }, signal }),
    machineMaintenanceSchema,
  );

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

/** The work recorded on the group, newest first. */
export const getMaintenanceDoneLog = (machine: number, signal?: AbortSignal): Promise<MaintenanceDone[]> =>
  answer(
    api.GET('/api/v1/machinegroup/{id}/maintenance/done', { params: { path: { id: machine } }, signal }),
    doneLogSchema,
  );

export function useMaintenanceDoneLog(machine: number) {
  return useQuery(
    queryOptions({
      queryKey: maintenanceDoneLogKey(machine),
      queryFn: ({ signal }) => getMaintenanceDoneLog(machine, signal),
    }),
  );
}
