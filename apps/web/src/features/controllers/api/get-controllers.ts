import { type ComputerController, controllerPageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';
import { type ControllerListParams, controllerListQueryKey } from './controller-keys';

/** GET /api/v1/controller/computer: one page; `unused` keeps the controllers no machine group uses. */
export const getControllers = (
  query: ControllerListParams,
  signal?: AbortSignal,
): Promise<Page<ComputerController>> =>
  apiRequest(`/api/v1/controller/computer${queryString(query)}`, controllerPageSchema, { signal });

export const getControllersQueryOptions = (query: ControllerListParams) =>
  queryOptions({
    queryKey: controllerListQueryKey(query),
    queryFn: ({ signal }) => getControllers(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of controllers; disabled with `enabled: false` (no business chosen yet, or not an administrator). */
export function useControllers(query: ControllerListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getControllersQueryOptions(query), enabled });
}
