import {
  type MachineMaintenance,
  type MaintenanceDone,
  type MaintenanceDoneBody,
  type MaintenanceFleetItem,
  type MaintenanceOverride,
  type MaintenanceOverrideBody,
  type MaintenanceTask,
  type MaintenanceTaskBody,
  type maintenanceDoneBodySchema,
  type maintenanceFleetQuerySchema,
  type maintenanceOverrideBodySchema,
  type maintenanceTaskBodySchema,
  maintenanceUrgency,
} from '@portal/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { machineGroups } from '../../db/schema.ts';
import type { ActivitySubject } from '../../shared/activity-subject.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { MachineTransition } from '../live-status/machine-events.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { toDone, toFleetItem, toOverride, toTask, toTaskState } from './maintenance.mapper.ts';
import { mayEditPlans, mayMarkDone, visibleMachineGroups } from './maintenance.policy.ts';
import type { GroupRow, MaintenanceRepository } from './maintenance.repository.ts';
import type { MaintenanceCountersRepository, TaskStateRow } from './maintenance-counters.repository.ts';

/** An answer about a machine group, with what the activity record files it under (its machine and business). */
export interface OnGroup<T> {
  answer: T;
  subject: ActivitySubject;
}

const subjectOf = (group: GroupRow): ActivitySubject => ({
  controllerId: group.computerControllerId,
  businessId: group.businessId,
  ticketId: null,
});

/** The most done records a group's log answers. */
const DONE_LOG_LIMIT = 200;

type TaskBody = z.output<typeof maintenanceTaskBodySchema>;
type OverrideBody = z.output<typeof maintenanceOverrideBodySchema>;
type DoneBody = z.output<typeof maintenanceDoneBodySchema>;

const intervalsOf = (body: OverrideBody) => ({
  everyHours: body.everyHours ?? null,
  everyJobs: body.everyJobs ?? null,
  everyMetres: body.everyMetres ?? null,
  everyDays: body.everyDays ?? null,
});

/** Maintenance plans, their overrides, the done log and the due state of every task (docs/design.md §12). */
export class MaintenanceService {
  readonly #repository: MaintenanceRepository;
  readonly #counters: MaintenanceCountersRepository;
  readonly #clock: Clock;

  constructor(repository: MaintenanceRepository, counters: MaintenanceCountersRepository, clock: Clock) {
    this.#repository = repository;
    this.#counters = counters;
    this.#clock = clock;
  }

  async listTasks(viewer: Viewer, machineType: number | undefined): Promise<MaintenanceTask[]> {
    this.#assertPlans(viewer);
    return (await this.#repository.listTasks(machineType)).map(toTask);
  }

  async createTask(viewer: Viewer, body: MaintenanceTaskBody): Promise<MaintenanceTask> {
    this.#assertPlans(viewer);
    return toTask(await this.#repository.insertTask(await this.#taskValues(body as TaskBody)));
  }

  async updateTask(viewer: Viewer, id: number, body: MaintenanceTaskBody): Promise<MaintenanceTask> {
    this.#assertPlans(viewer);
    const before = await this.#repository.task(id);
    if (!before) throw notFound('Maintenance task');
    const values = await this.#taskValues(body as TaskBody);
    // Moved to another machine type's plan: the old type's groups' overrides no longer mean anything.
    if (values.machineTypeId !== before.machineTypeId) await this.#repository.deleteOverridesOf(id);
    const row = await this.#repository.updateTask(id, values);
    if (!row) throw notFound('Maintenance task');
    return toTask(row);
  }

  async deleteTask(viewer: Viewer, id: number): Promise<void> {
    this.#assertPlans(viewer);
    if (!(await this.#repository.deleteTask(id))) throw notFound('Maintenance task');
  }

  /** A group's own intervals for a task of its type's plan. */
  async setOverride(
    viewer: Viewer,
    groupId: number,
    taskId: number,
    body: MaintenanceOverrideBody,
  ): Promise<OnGroup<MaintenanceOverride>> {
    this.#assertPlans(viewer);
    const group = await this.#groupTask(viewer, groupId, taskId);
    const row = await this.#repository.upsertOverride({
      machineGroupId: groupId,
      taskId,
      ...intervalsOf(body as OverrideBody),
    });
    return { answer: toOverride(row), subject: subjectOf(group) };
  }

  async removeOverride(viewer: Viewer, groupId: number, taskId: number): Promise<ActivitySubject> {
    this.#assertPlans(viewer);
    const group = await this.#groupTask(viewer, groupId, taskId);
    if (!(await this.#repository.deleteOverride(groupId, taskId))) throw notFound('Maintenance override');
    return subjectOf(group);
  }

  /** The plan of the group's machine type, each task with its counters and due state. */
  async ofGroup(viewer: Viewer, groupId: number): Promise<MachineMaintenance> {
    const group = await this.#group(viewer, groupId);
    const rows = await this.#counters.taskStates(eq(machineGroups.id, group.id), this.#clock());
    const done = await this.#lastDone(rows);
    return { machine: group.id, tasks: rows.map((row) => toTaskState(row, done(row))) };
  }

  async doneLog(viewer: Viewer, groupId: number): Promise<MaintenanceDone[]> {
    const group = await this.#group(viewer, groupId);
    return (await this.#repository.doneLog(group.id, DONE_LOG_LIMIT)).map(toDone);
  }

  /** Marks a task done on a group (now, or at an earlier date): its counters start again from then. */
  async markDone(
    viewer: Viewer,
    groupId: number,
    body: MaintenanceDoneBody,
  ): Promise<OnGroup<MaintenanceDone>> {
    const group = await this.#group(viewer, groupId);
    if (!mayMarkDone(viewer)) {
      throw new AppError('FORBIDDEN', 'Only technicians, managers and administrators record maintenance');
    }
    const { task: taskId, date, note, parts } = body as DoneBody;
    const task = await this.#repository.task(taskId);
    if (!task || task.machineTypeId !== group.machineTypeId) {
      throw invalidField('task', 'invalidChoice', "Not a task of this machine's maintenance plan");
    }
    const now = this.#clock();
    const doneAt = date === undefined ? now : new Date(date);
    if (doneAt.getTime() > now.getTime()) throw invalidField('date', 'invalid', 'Must not be in the future');
    const id = await this.#repository.insertDone({
      taskId,
      machineGroupId: group.id,
      doneAt,
      doneBy: viewer.id,
      note,
      parts,
      recordedAt: now,
    });
    const [row] = await this.#repository.doneRecords([id]);
    if (!row) throw notFound('Maintenance record');
    return { answer: toDone(row), subject: subjectOf(group) };
  }

  /** Every task's state on the groups the viewer sees: overdue first, then due soon, then by the nearest fraction. */
  async fleet(
    viewer: Viewer,
    query: z.output<typeof maintenanceFleetQuerySchema>,
  ): Promise<MaintenanceFleetItem[]> {
    const where: (SQL | undefined)[] = [visibleMachineGroups(viewer)];
    if (query.business !== undefined) where.push(eq(machineGroups.businessId, query.business));
    if (query.location !== undefined) where.push(eq(machineGroups.location, query.location));
    const rows = await this.#counters.taskStates(and(...where), this.#clock());
    const done = await this.#lastDone(rows);
    const items = rows.map((row) => toFleetItem(row, done(row)));
    return items
      .map((item) => ({ item, urgency: maintenanceUrgency(item) }))
      .sort((a, b) => a.urgency[0] - b.urgency[0] || b.urgency[1] - a.urgency[1])
      .map(({ item }) => item);
  }

  /** Records a job the live status saw finish (once: the same job again is a no-op). */
  async recordFinishedJob(event: MachineTransition): Promise<boolean> {
    if (event.type !== 'jobFinished' || event.fileName === null) return false;
    return this.#counters.recordJob({
      controllerId: event.controllerId,
      machineGroupId: event.machineGroupId,
      finishedAt: new Date(event.at),
      fileName: event.fileName,
      printSeconds:
        event.durationSeconds === undefined || event.durationSeconds === null
          ? null
          : Math.round(event.durationSeconds),
      // The live status does not know the filament a job used; the statistics log does.
      filamentMm: null,
      // A job-finished event is a job that ran to its end: a cancelled one passes through `cancelling` and is none.
      outcome: 'completed',
      source: 'live',
    });
  }

  #assertPlans(viewer: Viewer): void {
    if (!mayEditPlans(viewer)) throw new AppError('FORBIDDEN', 'Only administrators edit maintenance plans');
  }

  async #taskValues(body: TaskBody) {
    if (!(await this.#repository.machineTypeExists(body.machineType))) {
      throw invalidField('machineType', 'invalidChoice', 'Unknown machine type');
    }
    return {
      machineTypeId: body.machineType,
      name: body.name,
      instruction: body.instruction,
      link: body.link ?? null,
      ...intervalsOf(body),
    };
  }

  async #group(viewer: Viewer, id: number): Promise<GroupRow> {
    const group = await this.#repository.group(id, visibleMachineGroups(viewer));
    if (!group) throw notFound('Machine group');
    return group;
  }

  /** A group and a task of its type's plan (another type's task is not found on this group). */
  async #groupTask(viewer: Viewer, groupId: number, taskId: number): Promise<GroupRow> {
    const group = await this.#group(viewer, groupId);
    const task = await this.#repository.task(taskId);
    if (!task || task.machineTypeId !== group.machineTypeId) throw notFound('Maintenance task');
    return group;
  }

  async #lastDone(rows: TaskStateRow[]): Promise<(row: TaskStateRow) => MaintenanceDone | null> {
    const ids = rows.flatMap((row) => (row.lastDoneId === null ? [] : [row.lastDoneId]));
    const records = new Map((await this.#repository.doneRecords(ids)).map((row) => [row.id, toDone(row)]));
    return (row) => (row.lastDoneId === null ? null : (records.get(row.lastDoneId) ?? null));
  }
}
