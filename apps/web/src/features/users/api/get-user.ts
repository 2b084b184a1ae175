import { type User, userSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/v1/users/{id}. */
export const getUser = (id: number, signal?: AbortSignal): Promise<User> =>
  apiRequest(`/api/v1/users/${id}`, userSchema, { signal });

export const userQueryKey = (id: number) => ['users', id] as const;

export const getUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });

/** A user by id; disabled while there is no id (no session yet, or an unusable route parameter). */
export function useUser(id: number | undefined) {
  return useQuery({ ...getUserQueryOptions(id ?? 0), enabled: id !== undefined });
}
