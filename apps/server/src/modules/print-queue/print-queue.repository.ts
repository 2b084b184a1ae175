import { ACTIVE_QUEUE_RUN_STATES, type QueueJobState, type QueueRunState } from '@portal/contract';
import {
  aliasedTable,
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
  TransactionRollbackError,
} from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, machineGroups, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../shared/db-errors.ts';
import { machineReadiness, printQueueJobs, printQueueRuns } from './print-queue.schema.ts';
import type { RunChange } from './run-following.ts';

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

export type NewJob = Pick<
  typeof printQueueJobs.$inferInsert,
  'businessId' | 'libraryFileId' | 'fileName' | 'machineGroupId' | 'machineTypeId' | 'location' | 'copies'
> & { queuedBy: number; queuedAt: Date };

/** What a claim of a machine for a job needs. */
export interface Claim {
  jobId: number;
  machineGroupId: number;
  boardFile: string;
  startedBy: number | null;
  automatic: boolean;
  at: Date;
}

/** Why a claim took nothing: the machine's readiness was gone, the job had no copy left, the machine has a run. */
export type ClaimRefusal = 'notReady' | 'jobTaken' | 'machineBusy';

const ACTIVE = [...ACTIVE_QUEUE_RUN_STATES];

/** The users named on jobs and runs, each join under its own name (shared with the history's reads). */
export const queuedBy = aliasedTable(users, 'queued_by_user');
export const cancelledBy = aliasedTable(users, 'cancelled_by_user');
const startedBy = aliasedTable(users, 'started_by_user');
const markedBy = aliasedTable(users, 'marked_by_user');

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

/** A waiting job may start on `group`: its own group, or its type, anywhere or at the group's location. */
const matches = (group: Pick<QueueGroupRow, 'id' | 'machineTypeId' | 'location'>): SQL | undefined =>
  or(
    eq(printQueueJobs.machineGroupId, group.id),
    and(
      eq(printQueueJobs.machineTypeId, group.machineTypeId),
      or(isNull(printQueueJobs.location), eq(printQueueJobs.location, group.location)),
    ),
  );

/**
 * The print queue's tables (docs/design.md §14): jobs, their runs, machines' readiness, and the business's automatic
 * start. Claiming a machine for a job is one transaction; a run's change applies only from the state it was
 * decided from, and a job's state is settled in the same transaction as whatever changed it.
 */
export class PrintQueueRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async businessAutoStart(businessId: number): Promise<boolean | null> {
    const [row] = await this.#db
      .select({ autoStart: businesses.printQueueAutoStart })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    return row ? row.autoStart : null;
  }

  async setBusinessAutoStart(businessId: number, autoStart: boolean): Promise<boolean> {
    const rows = await this.#db
      .update(businesses)
      .set({ printQueueAutoStart: autoStart })
      .where(eq(businesses.id, businessId))
      .returning({ id: businesses.id });
    return rows.length > 0;
  }

  /** The machine groups of a business the condition lets through (the viewer's), or one group. */
  groups(where: SQL | undefined): Promise<QueueGroupRow[]> {
    return this.#db
      .select({
        id: machineGroups.id,
        name: machineGroups.name,
        businessId: machineGroups.businessId,
        machineTypeId: machineGroups.machineTypeId,
        location: machineGroups.location,
        controllerId: machineGroups.computerControllerId,
      })
      .from(machineGroups)
      .where(where)
      .orderBy(asc(machineGroups.name), asc(machineGroups.id));
  }

  async group(id: number, visible: SQL | undefined): Promise<QueueGroupRow | undefined> {
    const [row] = await this.groups(and(eq(machineGroups.id, id), visible));
    return row;
  }

  async groupOfController(controllerId: number): Promise<QueueGroupRow | undefined> {
    const [row] = await this.groups(eq(machineGroups.computerControllerId, controllerId));
    return row;
  }

  /** Whether a machine of the business is of the type (at the location, when given). */
  async businessHasType(businessId: number, machineTypeId: number, location?: string): Promise<boolean> {
    const count = await this.#db.$count(
      machineGroups,
      and(
        eq(machineGroups.businessId, businessId),
        eq(machineGroups.machineTypeId, machineTypeId),
        location === undefined ? undefined : eq(machineGroups.location, location),
      ),
    );
    return count > 0;
  }

  /** Appends a job at the end of its business's queue. */
  async insertJob(job: NewJob): Promise<number> {
    const [row] = await this.#db
      .insert(printQueueJobs)
      .values({
        ...job,
        position: sql`(select coalesce(max(${printQueueJobs.position}), 0) + 1 from ${printQueueJobs} where ${printQueueJobs.businessId} = ${job.businessId})`,
      })
      .returning({ id: printQueueJobs.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  #jobs(where: SQL | undefined) {
    return this.#db
      .select({
        job: printQueueJobs,
        queuedByPerson: personOf(queuedBy),
        cancelledByPerson: personOf(cancelledBy),
        copiesFinished,
      })
      .from(printQueueJobs)
      .leftJoin(queuedBy, eq(queuedBy.id, printQueueJobs.queuedBy))
      .leftJoin(cancelledBy, eq(cancelledBy.id, printQueueJobs.cancelledBy))
      .where(where)
      .orderBy(asc(printQueueJobs.position), asc(printQueueJobs.id))
      .then((rows) => rows.map(({ job, ...rest }) => ({ ...job, ...rest })));
  }

  async job(id: number): Promise<JobRow | undefined> {
    const [row] = await this.#jobs(eq(printQueueJobs.id, id));
    return row;
  }

  /** A business's jobs in the given states, in queue order. */
  jobsOf(businessId: number, states: readonly QueueJobState[]): Promise<JobRow[]> {
    return this.#jobs(and(eq(printQueueJobs.businessId, businessId), inArray(printQueueJobs.state, states)));
  }

  /** The waiting jobs that may start on the group (a file to send, a copy left), in queue order. */
  candidates(group: QueueGroupRow): Promise<JobRow[]> {
    return this.#jobs(
      and(
        eq(printQueueJobs.businessId, group.businessId),
        eq(printQueueJobs.state, 'waiting'),
        isNotNull(printQueueJobs.libraryFileId),
        lt(printQueueJobs.copiesStarted, printQueueJobs.copies),
        matches(group),
      ),
    );
  }

  /** Whether the job may start on the group by its target. */
  async jobMatches(jobId: number, group: QueueGroupRow): Promise<boolean> {
    return (await this.#db.$count(printQueueJobs, and(eq(printQueueJobs.id, jobId), matches(group)))) > 0;
  }

  #runs(where: SQL | undefined) {
    return selectRuns(this.#db, where);
  }

  runsOf(jobId: number): Promise<RunRow[]> {
    return this.#runs(eq(printQueueRuns.jobId, jobId));
  }

  async run(id: number): Promise<RunRow | undefined> {
    const [row] = await this.#runs(eq(printQueueRuns.id, id));
    return row;
  }

  /** The active runs of the groups (at most one each). */
  activeRuns(groupIds: readonly number[]): Promise<RunRow[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.#runs(
      and(inArray(printQueueRuns.machineGroupId, groupIds), inArray(printQueueRuns.state, ACTIVE)),
    );
  }

  readiness(groupIds: readonly number[]): Promise<ReadinessRow[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.#db
      .select({ row: machineReadiness, markedByPerson: personOf(markedBy) })
      .from(machineReadiness)
      .leftJoin(markedBy, eq(markedBy.id, machineReadiness.markedBy))
      .where(inArray(machineReadiness.machineGroupId, groupIds))
      .then((rows) => rows.map(({ row, markedByPerson }) => ({ ...row, markedByPerson })));
  }

  /** A person says the bed is clear: marked again, the newest marker and time count. */
  async markReady(machineGroupId: number, by: number, at: Date): Promise<void> {
    await this.#db
      .insert(machineReadiness)
      .values({ machineGroupId, markedBy: by, markedAt: at })
      .onConflictDoUpdate({ target: machineReadiness.machineGroupId, set: { markedBy: by, markedAt: at } });
  }

  /** Takes the mark back; false when the machine had none. */
  async unmarkReady(machineGroupId: number): Promise<boolean> {
    const removed = await this.#db
      .delete(machineReadiness)
      .where(eq(machineReadiness.machineGroupId, machineGroupId))
      .returning({ id: machineReadiness.machineGroupId });
    return removed.length > 0;
  }

  /**
   * Claims the machine for the job's next copy, atomically: the machine's readiness is taken (deleted), a copy
   * counted started only while one is left, and the run inserted, which the one-active-run index refuses for a
   * machine that has one. Any of them failing undoes the others, so concurrent claims of one job's last copy on
   * two machines start it once, and the machine that lost stays ready.
   */
  async claim(claim: Claim): Promise<RunRow | ClaimRefusal> {
    try {
      const id = await this.#db.transaction(async (tx) => {
        const [ready] = await tx
          .delete(machineReadiness)
          .where(eq(machineReadiness.machineGroupId, claim.machineGroupId))
          .returning({ id: machineReadiness.machineGroupId });
        if (!ready) return 'notReady' as const;
        const [job] = await tx
          .update(printQueueJobs)
          .set({ copiesStarted: sql`${printQueueJobs.copiesStarted} + 1` })
          .where(
            and(
              eq(printQueueJobs.id, claim.jobId),
              eq(printQueueJobs.state, 'waiting'),
              isNotNull(printQueueJobs.libraryFileId),
              lt(printQueueJobs.copiesStarted, printQueueJobs.copies),
            ),
          )
          .returning({ id: printQueueJobs.id });
        if (!job) {
          tx.rollback();
          return 'jobTaken' as const;
        }
        // The lowest copy number no run holds but a failed one: a failed copy is printed again under its number.
        const [run] = await tx
          .insert(printQueueRuns)
          .values({
            jobId: claim.jobId,
            machineGroupId: claim.machineGroupId,
            copy: sql`(select min(n)::int from generate_series(1, (select ${printQueueJobs.copies} from ${printQueueJobs} where ${printQueueJobs.id} = ${claim.jobId})) as n where n not in (select ${printQueueRuns.copy} from ${printQueueRuns} where ${printQueueRuns.jobId} = ${claim.jobId} and ${printQueueRuns.state} <> 'failed'))`,
            state: 'starting',
            boardFile: claim.boardFile,
            startedBy: claim.startedBy,
            automatic: claim.automatic,
            startedAt: claim.at,
          })
          .returning({ id: printQueueRuns.id });
        if (!run) throw new Error('insert returned no row');
        await settleJob(tx, claim.jobId);
        return run.id;
      });
      if (typeof id === 'string') return id;
      const run = await this.run(id);
      if (!run) throw new Error('claimed run not found');
      return run;
    } catch (error) {
      if (isRollback(error)) return 'jobTaken';
      if (isUniqueViolation(error)) return 'machineBusy';
      throw error;
    }
  }

  /**
   * Changes a run from one of `from` to `change`, with its job settled: a failed run gives its copy back to the
   * waiting ones. False when the run was no longer in one of `from` (another instance, or an earlier event, did it).
   */
  async changeRun(runId: number, from: readonly QueueRunState[], change: RunChange): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const [run] = await tx
        .update(printQueueRuns)
        .set({ state: change.state, endedAt: change.endedAt, reason: change.reason })
        .where(and(eq(printQueueRuns.id, runId), inArray(printQueueRuns.state, [...from])))
        .returning({ jobId: printQueueRuns.jobId });
      if (!run) return false;
      if (change.state === 'failed') {
        await tx
          .update(printQueueJobs)
          .set({ copiesStarted: sql`greatest(${printQueueJobs.copiesStarted} - 1, 0)` })
          .where(eq(printQueueJobs.id, run.jobId));
      }
      await settleJob(tx, run.jobId);
      return true;
    });
  }

  /** Sets the copies, never below those started; false when the job no longer waits or prints. */
  async setCopies(jobId: number, copies: number): Promise<'changed' | 'belowStarted' | 'ended'> {
    return this.#db.transaction(async (tx) => {
      const [job] = await tx
        .select({ state: printQueueJobs.state, started: printQueueJobs.copiesStarted })
        .from(printQueueJobs)
        .where(eq(printQueueJobs.id, jobId))
        .for('update');
      if (!job || (job.state !== 'waiting' && job.state !== 'printing')) return 'ended';
      if (copies < job.started) return 'belowStarted';
      await tx.update(printQueueJobs).set({ copies }).where(eq(printQueueJobs.id, jobId));
      await settleJob(tx, jobId);
      return 'changed';
    });
  }

  /** Cancels a job that waits or prints: no copy starts any more; those running run on. */
  async cancelJob(jobId: number, by: number, at: Date): Promise<boolean> {
    const rows = await this.#db
      .update(printQueueJobs)
      .set({ state: 'cancelled', cancelledBy: by, cancelledAt: at })
      .where(and(eq(printQueueJobs.id, jobId), inArray(printQueueJobs.state, ['waiting', 'printing'])))
      .returning({ id: printQueueJobs.id });
    return rows.length > 0;
  }

  /**
   * Moves a waiting job to `position` (1-based, clamped) among its business's waiting jobs, and numbers them again
   * 1, 2, 3… in that order; false when the job does not wait.
   */
  async moveJob(jobId: number, businessId: number, position: number): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const waiting = await tx
        .select({ id: printQueueJobs.id })
        .from(printQueueJobs)
        .where(and(eq(printQueueJobs.businessId, businessId), eq(printQueueJobs.state, 'waiting')))
        .orderBy(asc(printQueueJobs.position), asc(printQueueJobs.id))
        .for('update');
      const order = waiting.map((row) => row.id).filter((id) => id !== jobId);
      if (order.length === waiting.length) return false;
      order.splice(Math.min(position, order.length + 1) - 1, 0, jobId);
      for (const [index, id] of order.entries()) {
        await tx
          .update(printQueueJobs)
          .set({ position: index + 1 })
          .where(eq(printQueueJobs.id, id));
      }
      return true;
    });
  }
}

/** Drizzle's `tx.rollback()` throws this to end the transaction. */
const isRollback = (error: unknown): boolean => error instanceof TransactionRollbackError;

/** The job's state from its copies, runs and cancellation, kept in the transaction that changed one of them. */
async function settleJob(tx: Runner, jobId: number): Promise<void> {
  await tx.execute(sql`
    update ${printQueueJobs} set state = case
      when ${printQueueJobs.cancelledAt} is not null then 'cancelled'
      when ${printQueueJobs.copiesStarted} < ${printQueueJobs.copies} then 'waiting'
      when exists (select 1 from ${printQueueRuns} where ${printQueueRuns.jobId} = ${printQueueJobs.id}
        and ${printQueueRuns.state} in ('starting', 'printing', 'paused')) then 'printing'
      else 'done' end
    where ${printQueueJobs.id} = ${jobId}`);
}
