import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { FeedRepository } from './feed.repository.ts';
import { feedRoutes } from './feed.routes.ts';
import { FeedService } from './feed.service.ts';

/** The news feed of the dashboard (docs/design.md §3). */
export function createFeedModule({ db, clock }: ModuleDeps) {
  const repository = new FeedRepository(db);
  const service = new FeedService(repository, clock);
  return { repository, service, routes: routesOf(feedRoutes, { feed: service }) };
}
