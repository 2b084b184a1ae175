import type { MachineJobOutcome } from '@portal/contract';
import {
  and,
  asc,
  between,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { machineGroups, machineTypes, users } from '../../db/schema.ts';
import {
  machineJobs,
  maintenanceDone,
  maintenanceOverrides,
  maintenanceReminders,
  maintenanceTasks,
} from './maintenance.schema.ts';
import { SAME_JOB_WINDOW_MS, type StatisticsJob } from './statistics-log.ts';

export type TaskRow = typeof maintenanceTasks.$inferSelect;
export type TaskValues = Omit<typeof maintenanceTasks.$inferInsert, 'id'>;
export type OverrideRow = typeof maintenanceOverrides.$inferSelect;
export type DoneValues = Omit<typeof maintenanceDone.$inferInsert, 'id'>;

/** A done record with its author's name (null once the user is gone). */
export type DoneRow = typeof maintenanceDone.$inferSelect & {
  byName: string | null;
  bySurname: string | null;
};

/** The parts of a machine group the maintenance rules read. */
export interface GroupRow {
  id: number;
  name: string;
  location: string;
  businessId: number;
  machineTypeId: number;
  computerControllerId: number;
  createdAt: Date;
}

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

const groupColumns = {
  id: machineGroups.id,
  name: machineGroups.name,
  location: machineGroups.location,
  businessId: machineGroups.businessId,
  machineTypeId: machineGroups.machineTypeId,
  computerControllerId: machineGroups.computerControllerId,
  createdAt: machineGroups.createdAt,
};

/** The whole minute of `date`: the precision the board's statistics log keeps, and the jobs' key. */
export const toMinute = (date: Date): Date => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

/** What a line of the board's statistics log did to the jobs: completed a live job, added one, or neither. */
export type StatisticsRecording = 'matched' | 'inserted' | 'known';

/** A reminder to send once: a task's cycle on a machine group, and what it was when claimed. */
export interface ReminderClaim {
  taskId: number;
  machineGroupId: number;
  cycle: number;
  state: 'dueSoon' | 'overdue';
  sentAt: Date;
}

/** A reminder's identity: its task, machine group and cycle. */
export const reminderKey = (claim: Pick<ReminderClaim, 'taskId' | 'machineGroupId' | 'cycle'>): string =>
  `${claim.taskId}:${claim.machineGroupId}:${claim.cycle}`;

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

export class MaintenanceRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  listTasks(machineTypeId?: number): Promise<TaskRow[]> {
    return this.#db
      .select()
      .from(maintenanceTasks)
      .where(machineTypeId === undefined ? undefined : eq(maintenanceTasks.machineTypeId, machineTypeId))
      .orderBy(asc(maintenanceTasks.machineTypeId), asc(maintenanceTasks.name), asc(maintenanceTasks.id));
  }

  async task(id: number): Promise<TaskRow | undefined> {
    const [row] = await this.#db.select().from(maintenanceTasks).where(eq(maintenanceTasks.id, id));
    return row;
  }

  async machineTypeExists(id: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: machineTypes.id })
      .from(machineTypes)
      .where(eq(machineTypes.id, id));
    return row !== undefined;
  }

  async insertTask(values: TaskValues): Promise<TaskRow> {
    const [row] = await this.#db.insert(maintenanceTasks).values(values).returning();
    if (!row) throw new Error('maintenance task not inserted');
    return row;
  }

  async updateTask(id: number, values: TaskValues): Promise<TaskRow | undefined> {
    const [row] = await this.#db
      .update(maintenanceTasks)
      .set(values)
      .where(eq(maintenanceTasks.id, id))
      .returning();
    return row;
  }

  async deleteTask(id: number): Promise<boolean> {
    const rows = await this.#db
      .delete(maintenanceTasks)
      .where(eq(maintenanceTasks.id, id))
      .returning({ id: maintenanceTasks.id });
    return rows.length > 0;
  }

  /** A machine group the viewer sees (`visibility` from machine-groups.policy.ts). */
  async group(id: number, visibility: SQL | undefined): Promise<GroupRow | undefined> {
    const [row] = await this.#db
      .select(groupColumns)
      .from(machineGroups)
      .where(and(eq(machineGroups.id, id), visibility));
    return row;
  }

  async upsertOverride(values: OverrideRow): Promise<OverrideRow> {
    const { machineGroupId, taskId, ...intervals } = values;
    const [row] = await this.#db
      .insert(maintenanceOverrides)
      .values(values)
      .onConflictDoUpdate({
        target: [maintenanceOverrides.machineGroupId, maintenanceOverrides.taskId],
        set: intervals,
      })
      .returning();
    if (!row) throw new Error(`override of task ${taskId} on group ${machineGroupId} not stored`);
    return row;
  }

  async deleteOverride(machineGroupId: number, taskId: number): Promise<boolean> {
    const rows = await this.#db
      .delete(maintenanceOverrides)
      .where(
        and(eq(maintenanceOverrides.machineGroupId, machineGroupId), eq(maintenanceOverrides.taskId, taskId)),
      )
      .returning({ taskId: maintenanceOverrides.taskId });
    return rows.length > 0;
  }

  async deleteOverridesOf(taskId: number): Promise<void> {
    await this.#db.delete(maintenanceOverrides).where(eq(maintenanceOverrides.taskId, taskId));
  }

  async insertDone(values: DoneValues): Promise<number> {
    const [row] = await this.#db.insert(maintenanceDone).values(values).returning({ id: maintenanceDone.id });
    if (!row) throw new Error('maintenance done record not inserted');
    return row.id;
  }

  doneRecords(ids: number[]): Promise<DoneRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.#db
      .select({ ...DONE_COLUMNS, byName: users.name, bySurname: users.surname })
      .from(maintenanceDone)
      .leftJoin(users, eq(users.id, maintenanceDone.doneBy))
      .where(inArray(maintenanceDone.id, ids));
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

  /** The reminders claimed already, of one machine group or of all, as `task:group:cycle`. */
  async claimedReminders(machineGroupId?: number): Promise<Set<string>> {
    const rows = await this.#db
      .select({
        taskId: maintenanceReminders.taskId,
        machineGroupId: maintenanceReminders.machineGroupId,
        cycle: maintenanceReminders.cycle,
      })
      .from(maintenanceReminders)
      .where(
        machineGroupId === undefined ? undefined : eq(maintenanceReminders.machineGroupId, machineGroupId),
      );
    return new Set(rows.map((row) => reminderKey(row)));
  }

  /** Claims a reminder: true for the one caller whose row went in, false once it is claimed (by any instance). */
  async claimReminder(claim: ReminderClaim): Promise<boolean> {
    const rows = await this.#db
      .insert(maintenanceReminders)
      .values(claim)
      .onConflictDoNothing()
      .returning({ taskId: maintenanceReminders.taskId });
    return rows.length > 0;
  }

  /** The newest done records of a group (for the log beside the board's own). */
  doneLog(machineGroupId: number, limit: number): Promise<DoneRow[]> {
    return this.#db
      .select({ ...DONE_COLUMNS, byName: users.name, bySurname: users.surname })
      .from(maintenanceDone)
      .leftJoin(users, eq(users.id, maintenanceDone.doneBy))
      .where(eq(maintenanceDone.machineGroupId, machineGroupId))
      .orderBy(desc(maintenanceDone.doneAt), desc(maintenanceDone.id))
      .limit(limit);
  }
}

const DONE_COLUMNS = {
  id: maintenanceDone.id,
  taskId: maintenanceDone.taskId,
  machineGroupId: maintenanceDone.machineGroupId,
  doneAt: maintenanceDone.doneAt,
  doneBy: maintenanceDone.doneBy,
  note: maintenanceDone.note,
  parts: maintenanceDone.parts,
  recordedAt: maintenanceDone.recordedAt,
};
