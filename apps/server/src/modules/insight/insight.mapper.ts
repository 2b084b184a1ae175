import {
  calendarHours,
  type FleetInsight,
  type InsightFigures,
  type InsightMachine,
  type InsightPeriod,
  insightWeeks,
  utilisationOf,
} from '@portal/contract';
import type { InsightMachineRow, InsightWeekRow } from './insight.repository.ts';

/** What is summed: the database's sums of a week, or their sums over weeks and machines. */
interface Sums {
  printSeconds: number;
  calendarHours: number;
  jobs: number;
  completed: number;
  cancelled: number;
  interrupted: number;
  filamentMm: number;
}

const NONE: Sums = {
  printSeconds: 0,
  calendarHours: 0,
  jobs: 0,
  completed: 0,
  cancelled: 0,
  interrupted: 0,
  filamentMm: 0,
};

const add = (a: Sums, b: Sums): Sums => ({
  printSeconds: a.printSeconds + b.printSeconds,
  calendarHours: a.calendarHours + b.calendarHours,
  jobs: a.jobs + b.jobs,
  completed: a.completed + b.completed,
  cancelled: a.cancelled + b.cancelled,
  interrupted: a.interrupted + b.interrupted,
  filamentMm: a.filamentMm + b.filamentMm,
});

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** Sums as the answer reads: hours and metres to two decimals, utilisation (from the unrounded hours) to three. */
function toFigures(sums: Sums): InsightFigures {
  const printHours = sums.printSeconds / 3600;
  const utilisation = utilisationOf(printHours, sums.calendarHours);
  return {
    printHours: round(printHours, 2),
    calendarHours: round(sums.calendarHours, 2),
    utilisation: utilisation === null ? null : round(utilisation, 3),
    jobs: sums.jobs,
    completed: sums.completed,
    cancelled: sums.cancelled,
    interrupted: sums.interrupted,
    filamentMetres: round(sums.filamentMm / 1000, 2),
  };
}

/**
 * The insight of a period: every machine with a figure for every week the period touches (weeks without a job are
 * zeros, never missing), the fleet's per week, and each one's over the period. A week's calendar hours are the part
 * of it inside the period and past at `now` (the contract's `calendarHours`); the fleet's are those times the
 * machines shown.
 */
export function toFleetInsight({
  period,
  now,
  machines,
  rows,
  locations,
}: {
  period: InsightPeriod;
  now: Date;
  machines: InsightMachineRow[];
  rows: InsightWeekRow[];
  locations: string[];
}): FleetInsight {
  const weeks = insightWeeks(period);
  const calendar = weeks.map((week) => calendarHours(week, period, now));
  const found = new Map(rows.map((row) => [`${row.machineGroupId} ${row.week}`, row]));
  const fleetSums = weeks.map(() => NONE);
  const answered: InsightMachine[] = machines.map((machine) => {
    let total = NONE;
    const perWeek = weeks.map((week, index) => {
      const row = found.get(`${machine.id} ${week}`);
      const sums: Sums = {
        printSeconds: row?.printSeconds ?? 0,
        calendarHours: calendar[index] ?? 0,
        jobs: row?.jobs ?? 0,
        completed: row?.completed ?? 0,
        cancelled: row?.cancelled ?? 0,
        interrupted: row?.interrupted ?? 0,
        filamentMm: row?.filamentMm ?? 0,
      };
      total = add(total, sums);
      fleetSums[index] = add(fleetSums[index] ?? NONE, sums);
      return { week, ...toFigures(sums) };
    });
    return {
      machine: machine.id,
      name: machine.name,
      location: machine.location,
      business: machine.businessId,
      businessName: machine.businessName,
      total: toFigures(total),
      weeks: perWeek,
    };
  });
  return {
    from: period.from,
    to: period.to,
    weeks,
    fleet: weeks.map((week, index) => ({ week, ...toFigures(fleetSums[index] ?? NONE) })),
    total: toFigures(fleetSums.reduce(add, NONE)),
    machines: answered,
    locations,
  };
}

/** The CSV export's columns, in order: one row per machine and week, the figures as the answer gives them. */
export const CSV_COLUMNS: readonly [
  string,
  (machine: InsightMachine, week: InsightMachine['weeks'][number]) => unknown,
][] = [
  ['week', (_machine, week) => week.week],
  ['machine_id', (machine) => machine.machine],
  ['machine', (machine) => machine.name],
  ['business_id', (machine) => machine.business],
  ['business', (machine) => machine.businessName],
  ['location', (machine) => machine.location],
  ['print_hours', (_machine, week) => week.printHours],
  ['calendar_hours', (_machine, week) => week.calendarHours],
  ['utilisation', (_machine, week) => week.utilisation],
  ['jobs', (_machine, week) => week.jobs],
  ['completed', (_machine, week) => week.completed],
  ['cancelled', (_machine, week) => week.cancelled],
  ['interrupted', (_machine, week) => week.interrupted],
  ['filament_m', (_machine, week) => week.filamentMetres],
];

/** The rows of the CSV export, machine by machine, week by week. */
export function* csvRows(insight: FleetInsight): Generator<unknown[]> {
  for (const machine of insight.machines) {
    for (const week of machine.weeks) yield CSV_COLUMNS.map(([, value]) => value(machine, week));
  }
}
