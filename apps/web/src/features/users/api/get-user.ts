import { type User, userSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
export const getUser = (id: number, signal?: AbortSignal): Promise<User> =>
  answer(api.GET('/api/v1/users/{id}', { params: { path: { id } }, signal }), userSchema);

export const userQueryKey = (id: number) => ['users', id] as const;

export const getUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });

/**
 * A user by id; disabled while there is no id (no session yet, or an unusable route parameter). `silent` when the
 * caller shows a failed load itself (the user's page).
 */
export function useUser(id: number | undefined, { silent = false }: { silent?: boolean } = {}) {
  return useQuery({
    ...getUserQueryOptions(id ?? 0),
    enabled: id !== undefined,
    ...(silent && { meta: { silent: true } }),
  });
}
