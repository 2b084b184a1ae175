import { type License, type LicenseListQuery, licensePageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

/** GET /api/v1/licenses: one page of every licence (administrators), optionally with controller names. */
export const getLicenses = (query: LicenseListQuery, signal?: AbortSignal): Promise<Page<License>> =>
  apiRequest(`/api/v1/licenses${queryString(query)}`, licensePageSchema, { signal });

/** Every licence query starts with this key, so one invalidation refreshes lists and single licences. */
export const LICENSES_KEY = ['licenses'] as const;

export const licensesQueryKey = (query: LicenseListQuery) => [...LICENSES_KEY, 'list', query] as const;

export const getLicensesQueryOptions = (query: LicenseListQuery) =>
  queryOptions({
    queryKey: licensesQueryKey(query),
    queryFn: ({ signal }) => getLicenses(query, signal),
  });

export function useLicenses(query: LicenseListQuery) {
  return useQuery({ ...getLicensesQueryOptions(query), placeholderData: keepPreviousData });
}
