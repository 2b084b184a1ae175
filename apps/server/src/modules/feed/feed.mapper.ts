import type { FeedItem } from '@portal/contract';
import type { FeedItemRow } from './feed.repository.ts';

export const toFeedItemResponse = (row: FeedItemRow): FeedItem => ({
  id: row.id,
  title: row.title,
  content: row.content,
  datetime: row.createdAt.toISOString(),
});
