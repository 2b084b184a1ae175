import { type MachineGroup, machineGroupSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { machineGroupQueryKey } from './machine-group-keys';
export const getMachineGroup = (id: number, signal?: AbortSignal): Promise<MachineGroup> =>
  answer(api.GET('/api/v1/machinegroup/{id}', { params: { path: { id } }, signal }), machineGroupSchema);

export const getMachineGroupQueryOptions = (id: number) =>
  queryOptions({
    queryKey: machineGroupQueryKey(id),
    queryFn: ({ signal }) => getMachineGroup(id, signal),
  });

/**
 * A machine group by id; disabled while there is no id. Its screens show a failed load in place (a not-found
 * page), so no error toast.
 */
export function useMachineGroup(id: number | undefined) {
  return useQuery({
    ...getMachineGroupQueryOptions(id ?? 0),
    enabled: id !== undefined,
    meta: { silent: true },
  });
}
