import { type Business, businessPageSchema, machineGroupPageSchema, PAGE_SIZE_MAX } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from './api/client';

/** One option of a choice: the value sent and the text shown. */
export interface Choice {
  id: number;
  label: string;
}

/**
 * The lists several features' forms offer as options, one query each. Features do not import each other,
 * so these live here; their keys sit under the owning feature's prefix (`business`, `machine-groups`), so
 * that feature's changes refresh them too. A select of more than PAGE_SIZE_MAX entries would want a search box.
 */
export const businessChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['business', 'choices'] as const,
    queryFn: ({ signal }): Promise<Business[]> =>
      answer(
        api.GET('/api/v1/business', { params: { query: { sort: 'name', pageSize: PAGE_SIZE_MAX } }, signal }),
        businessPageSchema,
      ).then((page) => page.items),
  });

/**
 * The businesses by name: the business choices of forms and the business names of lists.
 * Administrators get every business, everyone else their own; `enabled: false` for viewers who never choose one.
 */
export function useBusinessChoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...businessChoicesQueryOptions(), enabled });
}

/** How a machine group reads in a choice: its name, and its location when it has one. */
export const machineGroupLabel = (group: { name: string; location: string }): string =>
  group.location ? `${group.name} (${group.location})` : group.name;

export const machineGroupChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['machine-groups', 'list', 'choices'] as const,
    queryFn: ({ signal }): Promise<Choice[]> =>
      answer(
        api.GET('/api/v1/machinegroup', {
          params: { query: { sort: 'name', pageSize: PAGE_SIZE_MAX } },
          signal,
        }),
        machineGroupPageSchema,
      ).then((page) => page.items.map((group) => ({ id: group.id, label: machineGroupLabel(group) }))),
  });

/** The machine groups the viewer sees by name, as choices. */
export function useMachineGroupChoices() {
  return useQuery(machineGroupChoicesQueryOptions());
}
