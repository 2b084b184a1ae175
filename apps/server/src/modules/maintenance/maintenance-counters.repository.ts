import type { MachineJobOutcome } from '@portal/contract';
import { and, asc, between, eq, inArray, isNotNull, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { machineGroups } from '../../db/schema.ts';
import { type GroupRow, groupColumns, type OverrideRow, type TaskRow } from './maintenance.repository.ts';
import {
  machineJobs,
  maintenanceDone,
  maintenanceOverrides,
  maintenanceTasks,
} from './maintenance.schema.ts';
import { SAME_JOB_WINDOW_MS, type StatisticsJob } from './statistics-log.ts';

/** A task of a group's plan with its override, its last done record and its counters since then. */
export interface TaskStateRow {
  group: GroupRow;
  task: TaskRow;
  override: OverrideRow | null;
  lastDoneId: number | null;
  since: Date;
  /** Whole days from `since` to the time asked about. */
  days: number;
  printSeconds: number;
  jobs: number;
  filamentMm: number;
}

/** One finished job as a source tells it. */
export interface JobValues {
  controllerId: number;
  machineGroupId: number | null;
  finishedAt: Date;
  fileName: string;
  printSeconds: number | null;
  filamentMm: number | null;
  outcome: MachineJobOutcome | null;
  source: 'live' | 'statistics';
}

/** The whole minute of `date`: the precision the board's statistics log keeps, and the jobs' key. */
export const toMinute = (date: Date): Date => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

/** What a line of the board's statistics log did to the jobs: completed a live job, added one, or neither. */
export type StatisticsRecording = 'matched' | 'inserted' | 'known';

/** The jobs of `controllerId` of that file within SAME_JOB_WINDOW_MS of `minute` (the same job, told another way). */
const nearJob = (controllerId: number, fileName: string, minute: Date) =>
  and(
    eq(machineJobs.controllerId, controllerId),
    eq(machineJobs.fileName, fileName),
    between(
      machineJobs.finishedAt,
      new Date(minute.getTime() - SAME_JOB_WINDOW_MS),
      new Date(minute.getTime() + SAME_JOB_WINDOW_MS),
    ),
  );

/**
 * The SQL of the maintenance counters (docs/design.md §12): the finished jobs they read, recorded live and from the
 * board's statistics log, each once, and each task's counters on each machine group, computed in the database.
 */
export class MaintenanceCountersRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Every task of the plans of the groups `where` selects, with the group's override, the task's last done record
   * on the group and the group's jobs since then (since ever, when never done: jobs carry the group they were
   * done on). Counted in the database.
   */
  async taskStates(where: SQL | undefined, now: Date): Promise<TaskStateRow[]> {
    const lastDone = sql<Date | null>`(select max(${maintenanceDone.doneAt}) from ${maintenanceDone}
      where ${maintenanceDone.machineGroupId} = ${machineGroups.id} and ${maintenanceDone.taskId} = ${maintenanceTasks.id})`;
    const lastDoneId = sql<number | null>`(select ${maintenanceDone.id} from ${maintenanceDone}
      where ${maintenanceDone.machineGroupId} = ${machineGroups.id} and ${maintenanceDone.taskId} = ${maintenanceTasks.id}
      order by ${maintenanceDone.doneAt} desc, ${maintenanceDone.id} desc limit 1)`;
    const jobsSince = (aggregate: SQL) => sql`(select ${aggregate} from ${machineJobs}
      where ${machineJobs.machineGroupId} = ${machineGroups.id}
      and (${lastDone} is null or ${machineJobs.finishedAt} > ${lastDone}))`;
    const rows = await this.#db
      .select({
        group: groupColumns,
        task: maintenanceTasks,
        override: maintenanceOverrides,
        lastDoneId: lastDoneId.mapWith(Number),
        lastDone: sql<string | null>`${lastDone}`,
        days: sql<number>`greatest(0, floor(extract(epoch from (${now.toISOString()}::timestamptz
          - coalesce(${lastDone}, ${machineGroups.createdAt}))) / 86400))`.mapWith(Number),
        printSeconds: jobsSince(sql`coalesce(sum(${machineJobs.printSeconds}), 0)`).mapWith(Number),
        jobs: jobsSince(sql`count(*)`).mapWith(Number),
        filamentMm: jobsSince(sql`coalesce(sum(${machineJobs.filamentMm}), 0)`).mapWith(Number),
      })
      .from(machineGroups)
      .innerJoin(maintenanceTasks, eq(maintenanceTasks.machineTypeId, machineGroups.machineTypeId))
      .leftJoin(
        maintenanceOverrides,
        and(
          eq(maintenanceOverrides.machineGroupId, machineGroups.id),
          eq(maintenanceOverrides.taskId, maintenanceTasks.id),
        ),
      )
      .where(where)
      .orderBy(
        asc(machineGroups.name),
        asc(machineGroups.id),
        asc(maintenanceTasks.name),
        asc(maintenanceTasks.id),
      );
    return rows.map(({ lastDone: last, lastDoneId: doneId, ...row }) => ({
      ...row,
      lastDoneId: last === null ? null : doneId,
      since: last === null ? row.group.createdAt : new Date(last),
    }));
  }

  /**
   * Records a finished job once: the same controller, minute and file again is a no-op, and so is a job of the same
   * controller and file within a minute either side (the statistics log told it already, in the board's minute).
   * True when it was new.
   */
  async recordJob(job: JobValues): Promise<boolean> {
    const minute = toMinute(job.finishedAt);
    const [near] = await this.#db
      .select({ id: machineJobs.id })
      .from(machineJobs)
      .where(nearJob(job.controllerId, job.fileName, minute))
      .limit(1);
    if (near) return false;
    const rows = await this.#db
      .insert(machineJobs)
      .values({ ...job, finishedAt: minute })
      .onConflictDoNothing({
        target: [machineJobs.controllerId, machineJobs.finishedAt, machineJobs.fileName],
      })
      .returning({ id: machineJobs.id });
    return rows.length > 0;
  }

  /** The machine group a controller serves now, if any. */
  async groupOfController(controllerId: number): Promise<number | null> {
    const [row] = await this.#db
      .select({ id: machineGroups.id })
      .from(machineGroups)
      .where(eq(machineGroups.computerControllerId, controllerId))
      .limit(1);
    return row?.id ?? null;
  }

  /** The lines of a controller's statistics log already recorded, as `boardKeyOf` writes them (statistics-log.ts). */
  async knownBoardLines(controllerId: number): Promise<{ local: string; fileName: string }[]> {
    const rows = await this.#db
      .select({ local: machineJobs.boardLocalAt, fileName: machineJobs.fileName })
      .from(machineJobs)
      .where(and(eq(machineJobs.controllerId, controllerId), isNotNull(machineJobs.boardLocalAt)));
    return rows.flatMap((row) => (row.local === null ? [] : [{ local: row.local, fileName: row.fileName }]));
  }

  /**
   * Records a line of the board's statistics log (docs/design.md §12): a live job of the same controller and file
   * within a minute either side that no line has told yet is the same job, and gets the line's filament, outcome
   * (and print time, if it had none); otherwise the line is a job of its own, inserted unless its board line or its
   * minute is recorded already. Both are single statements, so two instances reading the same log record it once.
   */
  async recordStatisticsJob(
    controllerId: number,
    machineGroupId: number | null,
    job: StatisticsJob,
  ): Promise<StatisticsRecording> {
    const minute = toMinute(job.finishedAt);
    const told = alias(machineJobs, 'told');
    const nearest = this.#db
      .select({ id: machineJobs.id })
      .from(machineJobs)
      .where(
        and(
          nearJob(controllerId, job.fileName, minute),
          eq(machineJobs.source, 'live'),
          isNull(machineJobs.boardLocalAt),
        ),
      )
      .orderBy(
        sql`abs(extract(epoch from (${machineJobs.finishedAt} - ${minute.toISOString()}::timestamptz)))`,
      )
      .limit(1);
    const matched = await this.#db
      .update(machineJobs)
      .set({
        filamentMm: job.filamentMm,
        outcome: job.outcome ?? sql`${machineJobs.outcome}`,
        printSeconds: sql`coalesce(${machineJobs.printSeconds}, ${job.printSeconds})`,
        boardLocalAt: job.local,
      })
      .where(
        and(
          inArray(machineJobs.id, nearest),
          isNull(machineJobs.boardLocalAt),
          notExists(
            this.#db
              .select({ id: told.id })
              .from(told)
              .where(
                and(
                  eq(told.controllerId, controllerId),
                  eq(told.boardLocalAt, job.local),
                  eq(told.fileName, job.fileName),
                ),
              ),
          ),
        ),
      )
      .returning({ id: machineJobs.id });
    if (matched.length > 0) return 'matched';
    const inserted = await this.#db
      .insert(machineJobs)
      .values({
        controllerId,
        machineGroupId,
        finishedAt: minute,
        fileName: job.fileName,
        printSeconds: job.printSeconds,
        filamentMm: job.filamentMm,
        outcome: job.outcome,
        source: 'statistics',
        boardLocalAt: job.local,
      })
      .onConflictDoNothing()
      .returning({ id: machineJobs.id });
    return inserted.length > 0 ? 'inserted' : 'known';
  }
}
