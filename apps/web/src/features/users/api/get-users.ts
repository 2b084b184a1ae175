import { type Page, type User, type UserListQuery, userPageSchema } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, type QueryOf } from '../../../lib/api/client';

/** The page query of the users list, with the optional business it is confined to. */
export type UsersQuery = Omit<UserListQuery, 'business'> & { business?: number | undefined };

/** A list query without its empty values (an empty search asks for every user); undefined ones are left out. */
const withoutEmpty = (query: UsersQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) as QueryOf<'/api/v1/users'>;

/** One page, sorted and filtered on the server, optionally of one business. */
export const getUsers = (query: UsersQuery, signal?: AbortSignal): Promise<Page<User>> =>
  answer(api.GET('/api/v1/users', { params: { query: withoutEmpty(query) }, signal }), userPageSchema);

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
