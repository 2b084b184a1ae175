import type { QueueJobState } from '@portal/contract';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, machineGroups } from '../../db/schema.ts';
import { printQueueJobs } from './print-queue.schema.ts';
import {
  cancelledBy,
  copiesFinished,
  type JobRow,
  personOf,
  type QueueGroupRow,
  queuedBy,
  settleJob,
} from './print-queue-rows.ts';

export type NewJob = Pick<
  typeof printQueueJobs.$inferInsert,
  'businessId' | 'libraryFileId' | 'fileName' | 'machineGroupId' | 'machineTypeId' | 'location' | 'copies'
> & { queuedBy: number; queuedAt: Date };

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
 * The print queue's jobs (docs/design.md §14): the business's automatic start, its machine groups as the queue
 * reads them, and its jobs in queue order; a job's state is settled in the same transaction as whatever changed it.
 * Machines' readiness and the runs are `print-queue-runs.repository.ts`'s.
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
