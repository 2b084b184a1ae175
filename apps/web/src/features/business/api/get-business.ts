import { type Business, businessSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { BUSINESS_KEY } from './get-businesses';
export const getBusiness = (id: number, signal?: AbortSignal): Promise<Business> =>
  answer(api.GET('/api/v1/business/{id}', { params: { path: { id } }, signal }), businessSchema);

export const businessQueryKey = (id: number) => [...BUSINESS_KEY, id] as const;

export const getBusinessQueryOptions = (id: number) =>
  queryOptions({
    queryKey: businessQueryKey(id),
    queryFn: ({ signal }) => getBusiness(id, signal),
    // A business the viewer may not see leaves the id on screen; no error toast for that.
    meta: { silent: true },
  });

/** A business by id; disabled while there is no id. */
export function useBusiness(id: number | undefined) {
  return useQuery({ ...getBusinessQueryOptions(id ?? 0), enabled: id !== undefined });
}
