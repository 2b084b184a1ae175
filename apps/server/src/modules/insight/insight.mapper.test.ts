import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvRows, toFleetInsight } from './insight.mapper.ts';

const machine = (id: number, name: string) => ({
  id,
  name,
  location: 'Reparto stampa',
  businessId: 3,
  businessName: 'Officine',
});

const week = (machineGroupId: number, weekOf: string, printSeconds: number, filamentMm = 0) => ({
  machineGroupId,
  week: weekOf,
  printSeconds,
  jobs: 2,
  completed: 1,
  cancelled: 1,
  interrupted: 0,
  filamentMm,
});

/** Two whole weeks, long past. */
const period = { from: '2025-03-03', to: '2025-03-16' };
const now = new Date('2026-01-01T00:00:00Z');

describe('toFleetInsight', () => {
  it('gives every machine every week, zeros where it finished no job', () => {
    const insight = toFleetInsight({
      period,
      now,
      machines: [machine(1, 'A'), machine(2, 'B')],
      rows: [week(1, '2025-03-10', 84 * 3600, 2500)],
      locations: ['Reparto stampa'],
    });
    expect(insight.weeks).toEqual(['2025-03-03', '2025-03-10']);
    const [a, b] = insight.machines;
    expect(a?.weeks.map((item) => [item.week, item.utilisation, item.jobs])).toEqual([
      ['2025-03-03', 0, 0],
      ['2025-03-10', 0.5, 2],
    ]);
    expect(a?.total).toMatchObject({
      printHours: 84,
      calendarHours: 336,
      utilisation: 0.25,
      filamentMetres: 2.5,
    });
    expect(b?.total).toMatchObject({ printHours: 0, jobs: 0, utilisation: 0 });
  });

  it("sums the fleet's weeks over its machines, against all their calendar hours", () => {
    const insight = toFleetInsight({
      period,
      now,
      machines: [machine(1, 'A'), machine(2, 'B')],
      rows: [week(1, '2025-03-10', 84 * 3600), week(2, '2025-03-10', 42 * 3600), week(2, '2025-03-03', 3600)],
      locations: [],
    });
    expect(insight.fleet[1]).toMatchObject({
      week: '2025-03-10',
      printHours: 126,
      calendarHours: 336,
      utilisation: 0.375,
      jobs: 4,
      completed: 2,
      cancelled: 2,
    });
    expect(insight.total).toMatchObject({ printHours: 127, calendarHours: 672, jobs: 6 });
  });

  it('ignores rows of machines or weeks it does not show', () => {
    const insight = toFleetInsight({
      period,
      now,
      machines: [machine(1, 'A')],
      rows: [week(9, '2025-03-10', 3600), week(1, '2025-02-24', 3600)],
      locations: [],
    });
    expect(insight.total.jobs).toBe(0);
  });

  it('has no utilisation without calendar hours', () => {
    const insight = toFleetInsight({ period, now, machines: [], rows: [], locations: [] });
    expect(insight.total).toMatchObject({ calendarHours: 0, utilisation: null });
  });
});

describe('csvRows', () => {
  it('writes one row per machine and week, in the columns named', () => {
    const insight = toFleetInsight({
      period,
      now,
      machines: [machine(1, 'A'), machine(2, 'B')],
      rows: [week(2, '2025-03-10', 42 * 3600, 1234)],
      locations: [],
    });
    const rows = [...csvRows(insight)];
    expect(rows).toHaveLength(4);
    expect(CSV_COLUMNS.map(([name]) => name)).toHaveLength(rows[0]?.length ?? 0);
    expect(rows[3]).toEqual([
      '2025-03-10',
      2,
      'B',
      3,
      'Officine',
      'Reparto stampa',
      42,
      168,
      0.25,
      2,
      1,
      1,
      0,
      1.23,
    ]);
  });
});
