import { type Page, type User, type UserListQuery, userPageSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The page query of the users list, with the optional business it is confined to. */
export type UsersQuery = Omit<UserListQuery, 'business'> & { business?: number | undefined };

/** The query string of a list query; absent values are left out. */
function searchOf(query: UsersQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

/** GET /api/v1/users: one page, sorted and filtered on the server, optionally of one business. */
export const getUsers = (query: UsersQuery, signal?: AbortSignal): Promise<Page<User>> =>
  apiRequest(`/api/v1/users?${searchOf(query)}`, userPageSchema, { signal });

/** Every users list lives under this key, so one invalidation refreshes them all. */
export const usersListQueryKey = ['users', 'list'] as const;

export const getUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: [...usersListQueryKey, query] as const,
    queryFn: ({ signal }) => getUsers(query, signal),
    // The page on screen stays while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(getUsersQueryOptions(query));
}
