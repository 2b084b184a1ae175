import { type UserPreferences, userPreferencesSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';
import { userQueryKey } from './get-user';
export const getPreferences = (userId: number, signal?: AbortSignal): Promise<UserPreferences> =>
  answer(
    api.GET('/api/v1/users/{id}/preferences', { params: { path: { id: userId } }, signal }),
    userPreferencesSchema,
  );

export const preferencesQueryKey = (userId: number) => [...userQueryKey(userId), 'preferences'] as const;

export const getPreferencesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: preferencesQueryKey(userId),
    queryFn: ({ signal }) => getPreferences(userId, signal),
  });

export function usePreferences(userId: number) {
  return useQuery(getPreferencesQueryOptions(userId));
}
