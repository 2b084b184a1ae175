import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { printQueueJobs, printQueueRuns } from './print-queue.schema.ts';
import {
  cancelledBy,
  copiesFinished,
  type JobRow,
  personOf,
  queuedBy,
  type RunRow,
  selectRuns,
} from './print-queue-rows.ts';

/** An ended job, with when it ended. */
export type EndedJobRow = JobRow & { endedAt: Date };

/** The job states of the history: every copy ended, or a person cancelled the job. */
const ENDED = ['done', 'cancelled'] as const;

/**
 * When a job ended: its cancellation, or its last copy's end (a job is done once every copy ended); its queueing
 * only for a row that has neither, which the job's states leave none of.
 */
const endedAt = sql<Date>`coalesce(${printQueueJobs.cancelledAt}, (select max(${printQueueRuns.endedAt}) from ${printQueueRuns} where ${printQueueRuns.jobId} = ${printQueueJobs.id}), ${printQueueJobs.queuedAt})`;

/**
 * The print queue's history (docs/design.md §14): a business's ended jobs, the newest end first, a page at a time,
 * with their runs. Reads only; the jobs and runs are the queue's own rows, kept when they end.
 */
export class PrintQueueHistoryRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** One page of the business's ended jobs, the newest end first (ties: the newest job), and how many there are. */
  async endedJobs(
    businessId: number,
    { offset, limit }: { offset: number; limit: number },
  ): Promise<{ rows: EndedJobRow[]; total: number }> {
    const where = and(eq(printQueueJobs.businessId, businessId), inArray(printQueueJobs.state, [...ENDED]));
    const [rows, total] = await Promise.all([
      this.#db
        .select({
          job: printQueueJobs,
          queuedByPerson: personOf(queuedBy),
          cancelledByPerson: personOf(cancelledBy),
          copiesFinished,
          endedAt: endedAt.mapWith((value: string | Date) => new Date(value)),
        })
        .from(printQueueJobs)
        .leftJoin(queuedBy, eq(queuedBy.id, printQueueJobs.queuedBy))
        .leftJoin(cancelledBy, eq(cancelledBy.id, printQueueJobs.cancelledBy))
        .where(where)
        .orderBy(desc(endedAt), desc(printQueueJobs.id))
        .limit(limit)
        .offset(offset),
      this.#db.$count(printQueueJobs, where),
    ]);
    return { rows: rows.map(({ job, ...rest }) => ({ ...job, ...rest })), total };
  }

  /** The runs of the jobs, each job's oldest first. */
  runsOf(jobIds: readonly number[]): Promise<RunRow[]> {
    if (jobIds.length === 0) return Promise.resolve([]);
    return selectRuns(this.#db, inArray(printQueueRuns.jobId, [...jobIds]));
  }
}
