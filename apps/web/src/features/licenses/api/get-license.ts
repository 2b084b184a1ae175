import { type License, licenseSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { LICENSES_KEY } from './get-licenses';

/** GET /api/v1/licenses/{id}?include_computer=true. */
export const getLicense = (id: number, signal?: AbortSignal): Promise<License> =>
  apiRequest(`/api/v1/licenses/${id}?include_computer=true`, licenseSchema, { signal });

export const licenseQueryKey = (id: number) => [...LICENSES_KEY, id] as const;

export const getLicenseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: licenseQueryKey(id),
    queryFn: ({ signal }) => getLicense(id, signal),
  });

/** A licence by id; disabled while there is no id. */
export function useLicense(id: number | undefined) {
  return useQuery({ ...getLicenseQueryOptions(id ?? 0), enabled: id !== undefined });
}
