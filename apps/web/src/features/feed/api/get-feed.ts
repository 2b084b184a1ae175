import { type FeedItem, feedItemSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const feedKey = ['feed'] as const;

/** GET /api/v1/feed: the newest news items, newest first. */
export const getFeed = (signal?: AbortSignal): Promise<FeedItem[]> =>
  apiRequest('/api/v1/feed', z.array(feedItemSchema), { signal });

export const getFeedQueryOptions = () =>
  queryOptions({ queryKey: feedKey, queryFn: ({ signal }) => getFeed(signal) });

export function useFeed() {
  return useQuery(getFeedQueryOptions());
}
