import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { ActivityRepository } from './activity.repository.ts';
import { activityRoutes } from './activity.routes.ts';
import { ActivityService } from './activity.service.ts';
import { ActivityJournal } from './activity-journal.ts';
import { ActivityLog } from './activity-log.ts';
import { recordAdministrativeActions } from './administrative-actions.ts';

/** As config.ts's ACTIVITY_RETENTION_DAYS default: five years. */
export const DEFAULT_RETENTION_DAYS = 1825;

/**
 * The activity record (docs/design.md §9): the log every request that changes a board is written to (the board
 * client's `BoardActivity`), its pages, CSV export and chain check, and its retention.
 */
export function createActivityModule({ db, clock, config }: ModuleDeps) {
  const repository = new ActivityRepository(db);
  const service = new ActivityService(repository);
  const log = new ActivityLog({ repository, clock, ...config.activity });
  const retentionDays = config.activity?.retentionDays ?? DEFAULT_RETENTION_DAYS;
  return {
    repository,
    service,
    /** Told of every request to a board; writes those that change one. */
    log,
    routes: routesOf(activityRoutes, { activity: service }),
    /** Records the administrative actions of the authenticated scope (app.ts), in one place; `after` follows each. */
    recordAdministrativeActions: (scope: FastifyInstance, after?: () => void) =>
      recordAdministrativeActions(scope, log, after),
    /**
     * Opens this instance's journal (when the configuration names a folder), writes what an earlier run left in
     * one, and sets the retention.
     */
    async start(logger: FastifyBaseLogger): Promise<void> {
      await repository.setRetention(retentionDays);
      const root = config.activity?.journalDir;
      if (!root) return log.start(logger);
      const { journal, leftOver } = await ActivityJournal.open(root);
      if (leftOver.entries.length > 0) {
        await repository.append(leftOver.entries);
        logger.warn({ entries: leftOver.entries.length }, 'activity entries of an earlier run written');
      }
      await leftOver.remove();
      log.start(logger, journal);
    },
    stop: () => log.stop(),
  };
}
