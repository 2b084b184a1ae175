import { type MachineGroup, machineGroupPageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { type MachineGroupListParams, machineGroupListQueryKey } from './machine-group-keys';

/** GET /api/v1/machinegroup: one page of the machine groups the caller sees, of one business if `business_id`. */
export const getMachineGroups = (
  query: MachineGroupListParams,
  signal?: AbortSignal,
): Promise<Page<MachineGroup>> =>
  apiRequest(`/api/v1/machinegroup${queryString(query)}`, machineGroupPageSchema, { signal });

export const getMachineGroupsQueryOptions = (query: MachineGroupListParams) =>
  queryOptions({
    queryKey: machineGroupListQueryKey(query),
    queryFn: ({ signal }) => getMachineGroups(query, signal),
    placeholderData: keepPreviousData,
  });

export function useMachineGroups(query: MachineGroupListParams) {
  return useQuery(getMachineGroupsQueryOptions(query));
}
