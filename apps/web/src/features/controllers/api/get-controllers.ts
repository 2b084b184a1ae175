import { type ComputerController, controllerPageSchema, type Page } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { type ControllerListParams, controllerListQueryKey } from './controller-keys';

/** A yes-or-no query parameter as the server reads it. */
const flagOf = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'true' : 'false');

/** One page; `unused` keeps the controllers no machine group uses. */
export const getControllers = (
  query: ControllerListParams,
  signal?: AbortSignal,
): Promise<Page<ComputerController>> =>
  answer(
    api.GET('/api/v1/controller/computer', {
      params: { query: { ...query, unused: flagOf(query.unused) } },
      signal,
    }),
    controllerPageSchema,
  );

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
