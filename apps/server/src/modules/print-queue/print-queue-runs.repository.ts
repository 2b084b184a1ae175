import { ACTIVE_QUEUE_RUN_STATES, type QueueRunState } from '@portal/contract';
import {
  aliasedTable,
  and,
  eq,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  sql,
  TransactionRollbackError,
} from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { machineGroups, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../shared/db-errors.ts';
import { machineReadiness, printQueueJobs, printQueueRuns } from './print-queue.schema.ts';
import { personOf, type ReadinessRow, type RunRow, selectRuns, settleJob } from './print-queue-rows.ts';
import type { RunChange } from './run-following.ts';

/** What a claim of a machine for a job needs. */
export interface Claim {
  jobId: number;
  machineGroupId: number;
  boardFile: string;
  startedBy: number | null;
  automatic: boolean;
  at: Date;
}

/** What the notification centre is told of a run: its machine, the job's file and which copy of how many. */
export interface RunFacts {
  runId: number;
  machineGroupId: number;
  controllerId: number;
  fileName: string;
  copy: number;
  copies: number;
}

/** Why a claim took nothing: the machine's readiness was gone, the job had no copy left, the machine has a run. */
export type ClaimRefusal = 'notReady' | 'jobTaken' | 'machineBusy';

const ACTIVE = [...ACTIVE_QUEUE_RUN_STATES];

const markedBy = aliasedTable(users, 'marked_by_user');

/**
 * The machines' side of the print queue's tables (docs/design.md §14): machines' readiness and the runs of jobs'
 * copies on them. Claiming a machine for a job is one transaction; a run's change applies only from the state it
 * was decided from, with its job's state settled in the same transaction.
 */
export class PrintQueueRunsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
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

  async runFacts(id: number): Promise<RunFacts | undefined> {
    const [row] = await this.#db
      .select({
        runId: printQueueRuns.id,
        machineGroupId: printQueueRuns.machineGroupId,
        controllerId: machineGroups.computerControllerId,
        fileName: printQueueJobs.fileName,
        copy: printQueueRuns.copy,
        copies: printQueueJobs.copies,
      })
      .from(printQueueRuns)
      .innerJoin(printQueueJobs, eq(printQueueJobs.id, printQueueRuns.jobId))
      .innerJoin(machineGroups, eq(machineGroups.id, printQueueRuns.machineGroupId))
      .where(eq(printQueueRuns.id, id));
    return row;
  }

  /**
   * Whether the machine's end of a job of `boardFile` at `at` is a run's: one of that file still active on it
   * (its end not applied yet), or one that end finished or failed (ended at that instant).
   */
  async endedBy(machineGroupId: number, boardFile: string, at: Date): Promise<boolean> {
    const count = await this.#db.$count(
      printQueueRuns,
      and(
        eq(printQueueRuns.machineGroupId, machineGroupId),
        eq(printQueueRuns.boardFile, boardFile),
        or(
          inArray(printQueueRuns.state, ACTIVE),
          and(inArray(printQueueRuns.state, ['finished', 'failed']), eq(printQueueRuns.endedAt, at)),
        ),
      ),
    );
    return count > 0;
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
        .set({
          state: change.state,
          endedAt: change.endedAt,
          reason: change.reason,
          startError: change.startError ?? null,
        })
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
}

/** Drizzle's `tx.rollback()` throws this to end the transaction. */
const isRollback = (error: unknown): boolean => error instanceof TransactionRollbackError;
