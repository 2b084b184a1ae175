import { type MachineGroup, machineGroupPageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { type MachineGroupListParams, machineGroupListQueryKey } from './machine-group-keys';

/** One page of the machine groups the caller sees, of one business if `business_id`. */
export const getMachineGroups = (
  query: MachineGroupListParams,
  signal?: AbortSignal,
): Promise<Page<MachineGroup>> =>
  answer(api.GET('/api/v1/machinegroup', { params: { query }, signal }), machineGroupPageSchema);

export const getMachineGroupsQueryOptions = (query: MachineGroupListParams) =>
  queryOptions({
    queryKey: machineGroupListQueryKey(query),
    queryFn: ({ signal }) => getMachineGroups(query, signal),
    placeholderData: keepPreviousData,
  });

export function useMachineGroups(query: MachineGroupListParams) {
  return useQuery(getMachineGroupsQueryOptions(query));
}
