import {
  type MaintenanceDone,
  type MaintenanceFleetItem,
  type MaintenanceIntervals,
  type MaintenanceTask,
  type MaintenanceTaskState,
  maintenanceDue,
} from '@portal/contract';
import type { DoneRow, OverrideRow, TaskRow } from './maintenance.repository.ts';
import type { TaskStateRow } from './maintenance-counters.repository.ts';

const HOUR_S = 3600;

const intervalsOf = (row: TaskRow | OverrideRow): MaintenanceIntervals => ({
  everyHours: row.everyHours,
  everyJobs: row.everyJobs,
  everyMetres: row.everyMetres,
  everyDays: row.everyDays,
});

export const toTask = (row: TaskRow): MaintenanceTask => ({
  id: row.id,
  machineType: row.machineTypeId,
  name: row.name,
  instruction: row.instruction,
  link: row.link,
  ...intervalsOf(row),
});

export const toOverride = (row: OverrideRow) => ({
  machine: row.machineGroupId,
  task: row.taskId,
  ...intervalsOf(row),
});

export const toDone = (row: DoneRow): MaintenanceDone => ({
  id: row.id,
  task: row.taskId,
  machine: row.machineGroupId,
  date: row.doneAt.toISOString(),
  by:
    row.doneBy === null || row.byName === null
      ? null
      : { id: row.doneBy, name: row.byName, surname: row.bySurname ?? '' },
  note: row.note,
  parts: row.parts,
});

/** Hours and metres to two decimals: the counters as a person reads them. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A task's state on a group: the intervals in force (the override's, else the plan's) and whichever comes first. */
export function toTaskState(row: TaskStateRow, lastDone: MaintenanceDone | null): MaintenanceTaskState {
  const intervals = intervalsOf(row.override ?? row.task);
  const counters = {
    hours: round2(row.printSeconds / HOUR_S),
    jobs: row.jobs,
    metres: round2(row.filamentMm / 1000),
    days: row.days,
  };
  const due = maintenanceDue(counters, intervals);
  return {
    task: toTask(row.task),
    intervals,
    overridden: row.override !== null,
    counters,
    since: row.since.toISOString(),
    lastDone,
    state: due.state,
    nearest: due.nearest,
    fraction: due.fraction === null ? null : Math.round(due.fraction * 1000) / 1000,
  };
}

export const toFleetItem = (row: TaskStateRow, lastDone: MaintenanceDone | null): MaintenanceFleetItem => ({
  ...toTaskState(row, lastDone),
  machine: row.group.id,
  machineName: row.group.name,
  location: row.group.location,
  business: row.group.businessId,
});
