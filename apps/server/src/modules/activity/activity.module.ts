import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { ActivityRepository } from './activity.repository.ts';
import { activityRoutes } from './activity.routes.ts';
import { ActivityService } from './activity.service.ts';
import { CheckpointFile } from './activity-checkpoint.ts';
import { ActivityJournal } from './activity-journal.ts';
import { ActivityKey } from './activity-key.ts';
import { ActivityLog } from './activity-log.ts';
import { keyMatchesHead } from './activity-verification.ts';
import { recordAdministrativeActions } from './administrative-actions.ts';
import { CheckpointWriter } from './checkpoint-writer.ts';

export { CHECKPOINT_EVERY_MS } from './checkpoint-writer.ts';

/** As config.ts's ACTIVITY_RETENTION_DAYS default: five years. */
export const DEFAULT_RETENTION_DAYS = 1825;

/**
 * The activity record (docs/design.md §9): the log every request that changes a board is written to (the board
 * client's `BoardActivity`), its pages, CSV export and chain check, its retention, and the checkpoints that publish
 * its head outside the database.
 *
 * Files: `board-changes.ts` (which board requests are changes and how they read, from the `BoardRequest` the edge
 * made); `activity-log.ts` (entries journaled, then appended in batches); `activity-journal.ts` (each instance's
 * journal folder, replayed at the next start); `activity-chain.ts` (each entry's hash over the one before:
 * HMAC-SHA-256 with the key, SHA-256 for entries from before the key); `activity-key.ts` (the key, never in the
 * database: `ACTIVITY_KEY` or generated into the data folder); `activity-checkpoint.ts` (the signed checkpoint of
 * the head and its file) with `checkpoint-writer.ts` (at start, at stop and by a housekeeping chore);
 * `activity-verification.ts` (the chain checked with the key against the checkpoints); `administrative-actions.ts`
 * (the routes whose success is recorded, hooked once on the authenticated scope). The database keeps the record
 * append-only (migration 0012's triggers; 0018 the chain's version per entry).
 */
export function createActivityModule({ db, clock, config }: ModuleDeps) {
  const key = new ActivityKey(config.activityKey);
  const repository = new ActivityRepository(db, key);
  const retentionDays = config.activity?.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const file = config.activity?.checkpointFile;
  const checkpoints = new CheckpointWriter({
    repository,
    key,
    clock,
    ...(file && { file: new CheckpointFile(file) }),
  });
  const readCheckpoints = async () => (await checkpoints.file?.read(key)) ?? [];
  const service = new ActivityService(repository, { key, readCheckpoints, retentionDays }, clock);
  const log = new ActivityLog({ repository, clock, ...config.activity });
  return {
    repository,
    service,
    /** Publishes the chain's head outside the database: at start, at stop, and as a housekeeping chore. */
    checkpoints,
    /** Told of every request to a board; writes those that change one. */
    log,
    routes: routesOf(activityRoutes, { activity: service }),
    /** Records the administrative actions of the authenticated scope (app.ts), in one place; `after` follows each. */
    recordAdministrativeActions: (scope: FastifyInstance, after?: () => void) =>
      recordAdministrativeActions(scope, log, after),
    /**
     * Sets the retention, says so when this instance's key is not the record's, opens this instance's journal
     * (when the configuration names a folder), writes what an earlier run left in one, and writes a checkpoint.
     */
    async start(logger: FastifyBaseLogger): Promise<void> {
      await repository.setRetention(retentionDays);
      checkpoints.start(logger);
      // Told before this instance writes anything, its journal's entries included.
      if (!(await keyMatchesHead(repository, key))) {
        logger.error(
          'the activity record was written with another key than this instance has (ACTIVITY_KEY or DATA_DIR/activity-key): ' +
            'entries it writes will not check; give every instance the same key (deploy/README.md)',
        );
      }
      const root = config.activity?.journalDir;
      if (!root) {
        log.start(logger);
      } else {
        const { journal, leftOver } = await ActivityJournal.open(root);
        if (leftOver.entries.length > 0) {
          await repository.append(leftOver.entries);
          logger.warn({ entries: leftOver.entries.length }, 'activity entries of an earlier run written');
        }
        await leftOver.remove();
        log.start(logger, journal);
      }
      // The first one after the record got its key pins where the keyed chain starts.
      await checkpoints.write();
    },
    /** Writes what waits, then publishes the head it ends at (a failure there does not stop the stop). */
    async stop(): Promise<void> {
      await log.stop();
      await checkpoints.write().catch(() => undefined);
    },
  };
}
