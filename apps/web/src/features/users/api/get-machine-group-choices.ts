import { machineGroupPageSchema, PAGE_SIZE_MAX } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A machine group as the user page's machines tab offers it. */
export interface MachineGroupChoice {
  id: number;
  name: string;
  location: string;
}

/**
 * GET /api/v1/machinegroup, first page by name: the machine groups the viewer sees (DESIGN.md section 3),
 * to give a user access to one. The machine-group feature owns the full list; features do not import each
 * other, so this is the users feature's own small call.
 */
export async function getMachineGroupChoices(signal?: AbortSignal): Promise<MachineGroupChoice[]> {
  const page = await apiRequest(
    `/api/v1/machinegroup?page=1&pageSize=${PAGE_SIZE_MAX}&sort=name&order=asc`,
    machineGroupPageSchema,
    { signal },
  );
  return page.items.map(({ id, name, location }) => ({ id, name, location }));
}

export const getMachineGroupChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['machinegroup', 'list', 'choices'] as const,
    queryFn: ({ signal }) => getMachineGroupChoices(signal),
  });

export function useMachineGroupChoices(enabled: boolean) {
  return useQuery({ ...getMachineGroupChoicesQueryOptions(), enabled });
}
