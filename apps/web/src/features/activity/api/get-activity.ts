import {
  type ActivityEntry,
  type ActivityQuery,
  activityEntrySchema,
  type Page,
  pageSchema,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api/client';

const activityPageSchema = pageSchema(activityEntrySchema);

/** One page of the entries the caller may read, newest first. */
export const getActivity = (query: ActivityQuery, signal?: AbortSignal): Promise<Page<ActivityEntry>> =>
  answer(api.GET('/api/v1/activity', { params: { query }, signal }), activityPageSchema);

export const activityKeys = {
  all: ['activity'] as const,
  list: (query: ActivityQuery) => ['activity', 'list', query] as const,
};

export const getActivityQueryOptions = (query: ActivityQuery) =>
  queryOptions({
    queryKey: activityKeys.list(query),
    queryFn: ({ signal }) => getActivity(query, signal),
    placeholderData: keepPreviousData,
  });

export function useActivity(query: ActivityQuery) {
  return useQuery(getActivityQueryOptions(query));
}
