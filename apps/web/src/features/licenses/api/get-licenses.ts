import { type License, type licenseListQuerySchema, licensePageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** What a page of licences is asked for; what is left out takes the server's default. */
export type LicensesQuery = Partial<z.output<typeof licenseListQuerySchema>>;

/** GET /api/v1/licenses: one page of every licence (administrators), optionally with controller names. */
export const getLicenses = (query: LicensesQuery, signal?: AbortSignal): Promise<Page<License>> =>
  apiRequest(`/api/v1/licenses${queryString(query)}`, licensePageSchema, { signal });

/** Every licence query starts with this key, so one invalidation refreshes lists and single licences. */
export const LICENSES_KEY = ['licenses'] as const;

export const licensesQueryKey = (query: LicensesQuery) => [...LICENSES_KEY, 'list', query] as const;

export const getLicensesQueryOptions = (query: LicensesQuery) =>
  queryOptions({
    queryKey: licensesQueryKey(query),
    queryFn: ({ signal }) => getLicenses(query, signal),
  });

export function useLicenses(query: LicensesQuery) {
  return useQuery({ ...getLicensesQueryOptions(query), placeholderData: keepPreviousData });
}
