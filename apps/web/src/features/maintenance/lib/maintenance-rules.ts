import {
  INTERVAL_FIELDS,
  MAINTENANCE_CRITERIA,
  type MaintenanceCounters,
  type MaintenanceCriterion,
  type MaintenanceDue,
  type MaintenanceIntervals,
  type MaintenanceState,
  maintenanceUrgency,
} from '@portal/contract';

/** One criterion a task is due by: what was counted since it was last done, its interval and the share reached. */
export interface CriterionReading {
  criterion: MaintenanceCriterion;
  counter: number;
  interval: number;
  /** counter / interval: 1 or more is overdue (docs/design.md §12). */
  fraction: number;
}

/**
 * The criteria of a task's intervals in force, in the API's order (hours, jobs, metres, days), each with its
 * counter. A criterion without interval never makes the task due, so it is left out.
 */
export function criteriaInForce(
  counters: MaintenanceCounters,
  intervals: MaintenanceIntervals,
): CriterionReading[] {
  return MAINTENANCE_CRITERIA.flatMap((criterion) => {
    const interval = intervals[INTERVAL_FIELDS[criterion]];
    if (interval === null || interval <= 0) return [];
    const counter = Math.max(0, counters[criterion]);
    return [{ criterion, counter, interval, fraction: counter / interval }];
  });
}

/** A machine's maintenance at a glance: its most urgent task's state and how many tasks are overdue or due soon. */
export interface MaintenanceSummary {
  state: MaintenanceState;
  overdue: number;
  dueSoon: number;
}

const RANK: Record<MaintenanceState, number> = { overdue: 0, dueSoon: 1, ok: 2 };

/** The more urgent of two states. */
export const moreUrgent = (a: MaintenanceState, b: MaintenanceState): MaintenanceState =>
  RANK[a] <= RANK[b] ? a : b;

/** Each machine's summary from the fleet list's entries (one per task and machine); machines without tasks are absent. */
export function summariseByMachine(
  items: readonly { machine: number; state: MaintenanceState }[],
): Map<number, MaintenanceSummary> {
  const summaries = new Map<number, MaintenanceSummary>();
  for (const item of items) {
    const summary = summaries.get(item.machine) ?? { state: 'ok', overdue: 0, dueSoon: 0 };
    summaries.set(item.machine, {
      state: moreUrgent(summary.state, item.state),
      overdue: summary.overdue + (item.state === 'overdue' ? 1 : 0),
      dueSoon: summary.dueSoon + (item.state === 'dueSoon' ? 1 : 0),
    });
  }
  return summaries;
}

/** One machine's summary from its own tasks; undefined when its type has no plan. */
export function summarise(tasks: readonly { state: MaintenanceState }[]): MaintenanceSummary | undefined {
  return summariseByMachine(tasks.map((task) => ({ machine: 0, state: task.state }))).get(0);
}

/** What the fleet's badge says of a machine: only overdue and due-soon tasks are worth a badge. */
export interface MaintenanceBadgeInfo {
  state: 'overdue' | 'dueSoon';
  /** How many tasks are in that state. */
  count: number;
}

export function badgeOf(summary: MaintenanceSummary | undefined): MaintenanceBadgeInfo | null {
  if (!summary) return null;
  if (summary.state === 'overdue') return { state: 'overdue', count: summary.overdue };
  if (summary.state === 'dueSoon') return { state: 'dueSoon', count: summary.dueSoon };
  return null;
}

/** The places of the fleet list's machines, once each, in the page language's order (the location filter's choices). */
export function locationsOf(items: readonly { location: string }[], language: string): string[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return [...new Set(items.map((item) => item.location))].sort(collator.compare);
}

/**
 * A machine's tasks the most urgent first, as the fleet list orders them (the contract's `maintenanceUrgency`:
 * overdue, due soon, then by the nearest criterion's share); tasks equally urgent keep the plan's order.
 */
export function byUrgency<Task extends MaintenanceDue>(tasks: readonly Task[]): Task[] {
  return tasks
    .map((task) => ({ task, urgency: maintenanceUrgency(task) }))
    .sort((a, b) => a.urgency[0] - b.urgency[0] || b.urgency[1] - a.urgency[1])
    .map(({ task }) => task);
}
