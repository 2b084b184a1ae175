import { type License, licensePageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { LICENSES_KEY, type LicensesQuery } from './license-keys';

/** GET /api/v1/business/{id}/licenses: one page of a business's licences with their controllers' names. */
export const getBusinessLicenses = (
  business: number,
  query: LicensesQuery,
  signal?: AbortSignal,
): Promise<Page<License>> =>
  apiRequest(
    `/api/v1/business/${business}/licenses${queryString({ ...query, include_computer: true })}`,
    licensePageSchema,
    { signal },
  );

export const businessLicensesQueryKey = (business: number, query: LicensesQuery) =>
  [...LICENSES_KEY, 'business', business, query] as const;

export const getBusinessLicensesQueryOptions = (business: number, query: LicensesQuery) =>
  queryOptions({
    queryKey: businessLicensesQueryKey(business, query),
    queryFn: ({ signal }) => getBusinessLicenses(business, query, signal),
  });

/** A page of a business's licences; the previous page stays on screen while the next one loads. */
export function useBusinessLicenses(business: number, query: LicensesQuery) {
  return useQuery({ ...getBusinessLicensesQueryOptions(business, query), placeholderData: keepPreviousData });
}
