import { type License, licensePageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { LICENSES_KEY, type LicensesQuery } from './license-keys';

/** One page of a business's licences with their controllers' names. */
export const getBusinessLicenses = (
  business: number,
  query: LicensesQuery,
  signal?: AbortSignal,
): Promise<Page<License>> =>
  answer(
    api.GET('/api/v1/business/{id}/licenses', {
      params: { path: { id: business }, query: { ...query, include_computer: 'true' } },
      signal,
    }),
    licensePageSchema,
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
