import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { requiredText } from './validation.ts';

/** A news item of the dashboard (docs/product.md §3: title, content, datetime). */
export const feedItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  datetime: z.iso.datetime(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** How many of the newest items GET /api/v1/feed answers: a dashboard card, not an archive. */
export const FEED_SIZE = 20;

/** POST /api/v1/feed (administrators). */
export const feedItemCreateBodySchema = z.object({
  title: requiredText(LIMITS.feedTitleMax),
  content: requiredText(LIMITS.ticketBodyMax),
});
export type FeedItemCreateBody = z.input<typeof feedItemCreateBodySchema>;
