import { businessPageSchema, PAGE_SIZE_MAX } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A business as the create-user form offers it. */
export interface BusinessChoice {
  id: number;
  name: string;
}

/**
 * GET /api/v1/business, first page by name: the businesses an administrator picks from when creating a
 * user. The business feature owns the full list; features do not import each other, so this is the
 * users feature's own small call. A select of more than PAGE_SIZE_MAX businesses would want a search box.
 */
export async function getBusinessChoices(signal?: AbortSignal): Promise<BusinessChoice[]> {
  const page = await apiRequest(
    `/api/v1/business?page=1&pageSize=${PAGE_SIZE_MAX}&sort=name&order=asc`,
    businessPageSchema,
    { signal },
  );
  return page.items.map(({ id, name }) => ({ id, name }));
}

export const getBusinessChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['business', 'list', 'choices'] as const,
    queryFn: ({ signal }) => getBusinessChoices(signal),
  });

/** The business choices; only administrators pick a business, so the others leave it disabled. */
export function useBusinessChoices(enabled: boolean) {
  return useQuery({ ...getBusinessChoicesQueryOptions(), enabled });
}
