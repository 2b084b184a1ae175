import { type ComputerController, computerControllerSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { controllerQueryKey } from './controller-keys';

/** The controller with its licence. */
export const getController = (id: number, signal?: AbortSignal): Promise<ComputerController> =>
  answer(
    api.GET('/api/v1/controller/computer/{id}', {
      params: { path: { id }, query: { include_license: 'true' } },
      signal,
    }),
    computerControllerSchema,
  );

export const getControllerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: controllerQueryKey(id),
    queryFn: ({ signal }) => getController(id, signal),
  });

/** A controller by id; disabled while there is no id; asked again every `refetchInterval` ms if given. */
export function useController(
  id: number | undefined,
  { silent = false, refetchInterval }: { silent?: boolean; refetchInterval?: number } = {},
) {
  return useQuery({
    ...getControllerQueryOptions(id ?? 0),
    enabled: id !== undefined,
    ...(silent && { meta: { silent: true } }),
    ...(refetchInterval !== undefined && { refetchInterval }),
  });
}
