import type { MaintenanceCounters, MaintenanceCriterion, MaintenanceIntervals } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { machineGroups } from '../../db/schema.ts';
import type { Clock } from '../../shared/clock.ts';
import { toTaskState } from './maintenance.mapper.ts';
import { type MaintenanceRepository, reminderKey } from './maintenance.repository.ts';
import type { MaintenanceCountersRepository } from './maintenance-counters.repository.ts';

/** A task that stopped being ok on a machine group: what its reminder tells, and about which machine. */
export interface MaintenanceReminder {
  machineGroupId: number;
  machineName: string;
  taskId: number;
  taskName: string;
  state: 'dueSoon' | 'overdue';
  /** The criterion furthest along, with its counter and interval: why it is due. */
  nearest: MaintenanceCriterion | null;
  counters: MaintenanceCounters;
  intervals: MaintenanceIntervals;
}

/**
 * The reminders of docs/design.md §12: each task that is due soon or overdue on a machine group is told once per
 * cycle (until it is marked done, which starts the next), by whichever instance claims it first in the database, so
 * a deployment of several instances checking at once sends it once. `remind` sends it (the notifications module).
 */
export class MaintenanceReminders {
  readonly #repository: MaintenanceRepository;
  readonly #counters: MaintenanceCountersRepository;
  readonly #clock: Clock;
  readonly #remind: (reminder: MaintenanceReminder) => void;

  constructor(
    repository: MaintenanceRepository,
    counters: MaintenanceCountersRepository,
    clock: Clock,
    remind: (reminder: MaintenanceReminder) => void,
  ) {
    this.#repository = repository;
    this.#counters = counters;
    this.#clock = clock;
    this.#remind = remind;
  }

  /** Checks every machine group (the housekeeping's round), or one (its jobs were just recorded); the number sent. */
  async check(machineGroupId?: number): Promise<number> {
    const now = this.#clock();
    const rows = await this.#counters.taskStates(
      machineGroupId === undefined ? undefined : eq(machineGroups.id, machineGroupId),
      now,
    );
    // What was claimed before is not asked again: most rounds find nothing new.
    const claimed = await this.#repository.claimedReminders(machineGroupId);
    let sent = 0;
    for (const row of rows) {
      const due = toTaskState(row, null);
      if (due.state === 'ok') continue;
      const claim = {
        taskId: row.task.id,
        machineGroupId: row.group.id,
        cycle: row.lastDoneId ?? 0,
        state: due.state,
        sentAt: now,
      };
      if (claimed.has(reminderKey(claim)) || !(await this.#repository.claimReminder(claim))) continue;
      sent += 1;
      this.#remind({
        machineGroupId: row.group.id,
        machineName: row.group.name,
        taskId: row.task.id,
        taskName: row.task.name,
        state: due.state,
        nearest: due.nearest,
        counters: due.counters,
        intervals: due.intervals,
      });
    }
    return sent;
  }
}
