import { type License, licenseSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { LICENSES_KEY } from './get-licenses';

const businessLicensesSchema = z.array(licenseSchema);

/** GET /api/v1/business/{id}/licenses?include_computer=true: a business's licences with controller names. */
export const getBusinessLicenses = (business: number, signal?: AbortSignal): Promise<License[]> =>
  apiRequest(`/api/v1/business/${business}/licenses?include_computer=true`, businessLicensesSchema, {
    signal,
  });

export const businessLicensesQueryKey = (business: number) =>
  [...LICENSES_KEY, 'business', business] as const;

export const getBusinessLicensesQueryOptions = (business: number) =>
  queryOptions({
    queryKey: businessLicensesQueryKey(business),
    queryFn: ({ signal }) => getBusinessLicenses(business, signal),
  });

export function useBusinessLicenses(business: number) {
  return useQuery(getBusinessLicensesQueryOptions(business));
}
