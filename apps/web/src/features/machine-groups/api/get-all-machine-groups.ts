import { type MachineGroup, PAGE_SIZE_MAX } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMachineGroups } from './get-machine-groups';
import { machineGroupListsKey } from './machine-group-keys';

/** Every machine group the caller sees (the server scopes them by role), read page by page. */
export async function getAllMachineGroups(signal?: AbortSignal): Promise<MachineGroup[]> {
  const groups: MachineGroup[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await getMachineGroups({ page, pageSize: PAGE_SIZE_MAX, sort: 'id' }, signal);
    groups.push(...answer.items);
    if (answer.items.length === 0 || groups.length >= answer.total) return groups;
  }
}

// Under the lists' key, so every mutation that invalidates the lists refreshes this one too.
export const getAllMachineGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...machineGroupListsKey, 'all'],
    queryFn: ({ signal }) => getAllMachineGroups(signal),
  });

export function useAllMachineGroups() {
  return useQuery(getAllMachineGroupsQueryOptions());
}
