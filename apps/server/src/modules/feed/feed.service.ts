import { FEED_SIZE, type FeedItem, type feedItemCreateBodySchema } from '@portal/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { toFeedItemResponse } from './feed.mapper.ts';
import { canManageFeed } from './feed.policy.ts';
import type { FeedRepository } from './feed.repository.ts';

type CreateBody = z.output<typeof feedItemCreateBodySchema>;

/** The news of the dashboard: everyone reads it, administrators write it. */
export class FeedService {
  readonly #feed: FeedRepository;
  readonly #clock: Clock;

  constructor(feed: FeedRepository, clock: Clock) {
    this.#feed = feed;
    this.#clock = clock;
  }

  async list(): Promise<FeedItem[]> {
    return (await this.#feed.newest(FEED_SIZE)).map(toFeedItemResponse);
  }

  async create(viewer: SessionSubject, body: CreateBody): Promise<FeedItem> {
    if (!canManageFeed(viewer)) throw new AppError('FORBIDDEN');
    return toFeedItemResponse(await this.#feed.insert({ ...body, createdAt: this.#clock() }));
  }

  async delete(viewer: SessionSubject, id: number): Promise<void> {
    if (!canManageFeed(viewer)) throw new AppError('FORBIDDEN');
    if (!(await this.#feed.delete(id))) throw notFound('News item');
  }
}
