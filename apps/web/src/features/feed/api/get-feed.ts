import { type FeedItem, feedItemSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { answer, api } from '../../../lib/api/client';

export const feedKey = ['feed'] as const;

/** The newest news items, newest first. */
export const getFeed = (signal?: AbortSignal): Promise<FeedItem[]> =>
  answer(api.GET('/api/v1/feed', { signal }), z.array(feedItemSchema));

export const getFeedQueryOptions = () =>
  queryOptions({ queryKey: feedKey, queryFn: ({ signal }) => getFeed(signal) });

export function useFeed() {
  return useQuery(getFeedQueryOptions());
}
