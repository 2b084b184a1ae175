import { aliasedTable, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { type machineReadiness, printQueueJobs, printQueueRuns } from './print-queue.schema.ts';

/**
 * What the print queue's repositories share (`print-queue.repository.ts`, `print-queue-runs.repository.ts`,
 * `print-queue-history.repository.ts`): the rows they read, the people named on them, the runs' one select and
 * the settling of a job's state in the transaction that changed it.
 */

/** What a repository's transaction writes through. */
type Runner = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A machine group as the queue needs it. */
export interface QueueGroupRow {
  id: number;
  name: string;
  businessId: number;
  machineTypeId: number;
  location: string;
  controllerId: number;
}

/** A person's name on a row, null once the user is gone. */
export interface PersonRow {
  id: number;
  name: string;
  surname: string;
}

export type JobRow = typeof printQueueJobs.$inferSelect & {
  queuedByPerson: PersonRow | null;
  cancelledByPerson: PersonRow | null;
  copiesFinished: number;
};
export type RunRow = typeof printQueueRuns.$inferSelect & { startedByPerson: PersonRow | null };
export type ReadinessRow = typeof machineReadiness.$inferSelect & { markedByPerson: PersonRow | null };

/** The users named on jobs and runs, each join under its own name. */
export const queuedBy = aliasedTable(users, 'queued_by_user');
export const cancelledBy = aliasedTable(users, 'cancelled_by_user');
const startedBy = aliasedTable(users, 'started_by_user');

export const personOf = (table: typeof users) =>
  sql<PersonRow | null>`case when ${table.id} is null then null else json_build_object('id', ${table.id}, 'name', ${table.name}, 'surname', ${table.surname}) end`;

export const copiesFinished = sql<number>`(select count(*)::int from ${printQueueRuns} where ${printQueueRuns.jobId} = ${printQueueJobs.id} and ${printQueueRuns.state} = 'finished')`;

/** Runs with who started them, oldest first. */
export function selectRuns(db: Pick<Database, 'select'>, where: SQL | undefined): Promise<RunRow[]> {
  return db
    .select({ run: printQueueRuns, startedByPerson: personOf(startedBy) })
    .from(printQueueRuns)
    .leftJoin(startedBy, eq(startedBy.id, printQueueRuns.startedBy))
    .where(where)
    .orderBy(asc(printQueueRuns.startedAt), asc(printQueueRuns.id))
    .then((rows) => rows.map(({ run, startedByPerson }) => ({ ...run, startedByPerson })));
}

/** The job's state from its copies, runs and cancellation, kept in the transaction that changed one of them. */
export async function settleJob(tx: Runner, jobId: number): Promise<void> {
  await tx.execute(sql`
    update ${printQueueJobs} set state = case
      when ${printQueueJobs.cancelledAt} is not null then 'cancelled'
      when ${printQueueJobs.copiesStarted} < ${printQueueJobs.copies} then 'waiting'
      when exists (select 1 from ${printQueueRuns} where ${printQueueRuns.jobId} = ${printQueueJobs.id}
        and ${printQueueRuns.state} in ('starting', 'printing', 'paused')) then 'printing'
      else 'done' end
    where ${printQueueJobs.id} = ${jobId}`);
}
