import {
  type ActivityEntry,
  type ActivityQuery,
  activityEntrySchema,
  type Page,
  pageSchema,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryString } from '../../../lib/query-string';

const activityPageSchema = pageSchema(activityEntrySchema);

/** GET /api/v1/activity: one page of the entries the caller may read, newest first. */
export const getActivity = (query: ActivityQuery, signal?: AbortSignal): Promise<Page<ActivityEntry>> =>
  apiRequest(`/api/v1/activity${queryString(query)}`, activityPageSchema, { signal });

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
