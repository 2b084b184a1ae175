import { type Business, type businessListQuerySchema, businessPageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { answer, api } from '../../../lib/api/client';

/** What a page of businesses is asked for; what is left out takes the server's default. */
export type BusinessesQuery = Partial<z.output<typeof businessListQuerySchema>>;

/** One page; administrators page through all, everyone else gets their own. */
export const getBusinesses = (query: BusinessesQuery, signal?: AbortSignal): Promise<Page<Business>> =>
  answer(api.GET('/api/v1/business', { params: { query }, signal }), businessPageSchema);

/** Every query of the business area starts with this key, so one invalidation refreshes lists and pages. */
export const BUSINESS_KEY = ['business'] as const;

export const businessesQueryKey = (query: BusinessesQuery) => [...BUSINESS_KEY, 'list', query] as const;

export const getBusinessesQueryOptions = (query: BusinessesQuery) =>
  queryOptions({
    queryKey: businessesQueryKey(query),
    queryFn: ({ signal }) => getBusinesses(query, signal),
  });

/** A page of businesses; the previous page stays on screen while the next one loads. */
export function useBusinesses(query: BusinessesQuery) {
  return useQuery({ ...getBusinessesQueryOptions(query), placeholderData: keepPreviousData });
}
