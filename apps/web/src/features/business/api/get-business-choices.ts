import { type Business, businessPageSchema, PAGE_SIZE_MAX } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/v1/business sorted by name, as many as one page holds: what the business choices of forms and
 * the business names of lists read. Administrators get every business, everyone else their own.
 */
export const getBusinessChoices = (signal?: AbortSignal): Promise<Business[]> =>
  apiRequest(`/api/v1/business?sort=name&pageSize=${PAGE_SIZE_MAX}`, businessPageSchema, { signal }).then(
    (page) => page.items,
  );

export const businessChoicesQueryKey = ['business', 'choices'] as const;

export const getBusinessChoicesQueryOptions = () =>
  queryOptions({
    queryKey: businessChoicesQueryKey,
    queryFn: ({ signal }) => getBusinessChoices(signal),
  });

/** The businesses a form may offer; `enabled: false` for viewers who never choose one. */
export function useBusinessChoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBusinessChoicesQueryOptions(), enabled });
}
