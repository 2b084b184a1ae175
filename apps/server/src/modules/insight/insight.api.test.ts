import type { FleetInsight, InsightMachine } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineGroups, machineJobs } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const ADMIN = 'admin@demo.test';
const MANAGER = 'manager@demo.test';
const TECH = 'tech@demo.test';
const CUSTOMER = 'customer@demo.test';
const MANAGER2 = 'manager2@demo.test';

/** A Wednesday to a Sunday eleven days later: the first week counts five days (120 h), the second all 168. */
const PERIOD = 'from=2025-03-05&to=2025-03-16';

const t = useTestApp();
const demo = demoClient(t);
/** Business A's demo group and business B's. */
let own: { id: number; computerControllerId: number; businessId: number; location: string };
let other: { id: number; computerControllerId: number; businessId: number; location: string };

type Outcome = 'completed' | 'cancelled' | 'interrupted';

/** A finished job as the maintenance module stores it (docs/design.md §12). */
const job = (
  group: typeof own,
  finishedAt: string,
  printSeconds: number | null,
  filamentMm: number | null,
  outcome: Outcome,
  source: 'live' | 'statistics' = 'statistics',
) => ({
  controllerId: group.computerControllerId,
  machineGroupId: group.id,
  finishedAt: new Date(finishedAt),
  fileName: `insight-${finishedAt}.gcode`,
  printSeconds,
  filamentMm,
  outcome,
  source,
});

beforeAll(async () => {
  own = await demo.group('Prusa linea 1');
  other = await demo.group('RatRig produzione');
  // A database session in Italy's time zone must not move a job to another week (PGlite's one connection takes it;
  // on PostgreSQL it reaches one connection of the pool).
  await t.database.db.execute(sql`set time zone 'Europe/Rome'`);
  await t.database.db.insert(machineJobs).values([
    // Tuesday, the day before the period: not counted.
    job(own, '2025-03-04T12:00:00Z', 3600, 1000, 'completed'),
    // The first week (Monday 3 March): 2 h, 0.5 h and 10 minutes; 12.5 m and 1.5 m of filament.
    job(own, '2025-03-05T10:00:00Z', 7200, 12_500, 'completed'),
    job(own, '2025-03-07T23:59:00Z', 1800, 1500, 'cancelled'),
    // Sunday 23:30 UTC is Monday in Italy: weeks are cut in UTC, so it is still the first week's.
    job(own, '2025-03-09T23:30:00Z', 600, 0, 'completed'),
    // The second week (Monday 10 March): 1.5 h interrupted without filament, 10 h, and a live job the board
    // did not time.
    job(own, '2025-03-10T00:00:00Z', 5400, null, 'interrupted'),
    job(own, '2025-03-12T08:00:00Z', null, null, 'completed', 'live'),
    job(own, '2025-03-16T23:59:00Z', 36_000, 30_000, 'completed'),
    // Monday after the period: not counted.
    job(own, '2025-03-17T00:00:00Z', 7200, 2000, 'completed'),
    // Business B's machine: 4 h 40 min, 0.8 m.
    job(other, '2025-03-11T09:00:00Z', 16_800, 800, 'completed'),
  ]);
});

async function insight(email: string, query: string): Promise<FleetInsight> {
  const response = await demo.call(email, 'GET', `/api/v1/insight?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FleetInsight;
}

const machineOf = (answer: FleetInsight, id: number): InsightMachine => {
  const machine = answer.machines.find((item) => item.machine === id);
  if (!machine) throw new Error(`machine ${id} not in the answer`);
  return machine;
};

/** The own machine's figures, computed by hand from the jobs above. */
const OWN_WEEKS = [
  {
    week: '2025-03-03',
    printHours: 2.67,
    calendarHours: 120,
    // 9600 s over 120 h.
    utilisation: 0.022,
    jobs: 3,
    completed: 2,
    cancelled: 1,
    interrupted: 0,
    filamentMetres: 14,
  },
  {
    week: '2025-03-10',
    printHours: 11.5,
    calendarHours: 168,
    // 41400 s over 168 h.
    utilisation: 0.068,
    jobs: 3,
    completed: 2,
    cancelled: 0,
    interrupted: 1,
    filamentMetres: 30,
  },
];

describe('the fleet insight', () => {
  it('answers utilisation, outcomes and filament per machine and week, computed from the recorded jobs', async () => {
    const answer = await insight(ADMIN, PERIOD);
    expect(answer).toMatchObject({
      from: '2025-03-05',
      to: '2025-03-16',
      weeks: ['2025-03-03', '2025-03-10'],
    });
    const mine = machineOf(answer, own.id);
    expect(mine).toMatchObject({
      name: 'Prusa linea 1',
      location: own.location,
      business: own.businessId,
      businessName: 'Officine Adriatiche S.p.A.',
    });
    expect(mine.weeks).toEqual(OWN_WEEKS);
    expect(mine.total).toEqual({
      printHours: 14.17,
      calendarHours: 288,
      // 51000 s over 288 h.
      utilisation: 0.049,
      jobs: 6,
      completed: 4,
      cancelled: 1,
      interrupted: 1,
      filamentMetres: 44,
    });
    expect(machineOf(answer, other.id).weeks[1]).toMatchObject({
      printHours: 4.67,
      utilisation: 0.028,
      jobs: 1,
      completed: 1,
      filamentMetres: 0.8,
    });

    // A machine without a job in the period has every week, at zero.
    const idle = answer.machines.find((item) => item.total.jobs === 0);
    expect(idle?.weeks.map((week) => [week.week, week.printHours, week.utilisation])).toEqual([
      ['2025-03-03', 0, 0],
      ['2025-03-10', 0, 0],
    ]);

    // The fleet: every machine shown together, measured against every machine's calendar hours.
    const count = answer.machines.length;
    expect(count).toBeGreaterThan(2);
    answer.fleet.forEach((week, index) => {
      const jobs = answer.machines.reduce((sum, machine) => sum + (machine.weeks[index]?.jobs ?? 0), 0);
      expect(week).toMatchObject({ week: answer.weeks[index], jobs });
      expect(week.calendarHours).toBe(count * (OWN_WEEKS[index]?.calendarHours ?? 0));
    });
    expect(answer.total.jobs).toBe(answer.fleet.reduce((sum, week) => sum + week.jobs, 0));
    expect(answer.total.completed).toBeGreaterThanOrEqual(5);
    expect(answer.locations).toEqual([...answer.locations].sort((a, b) => a.localeCompare(b)));
    expect(answer.locations).toContain(own.location);
  });

  it('defaults to the last twelve weeks up to today (UTC), counting no hour still to come', async () => {
    // The tests' clock: Saturday 21 November 2026, 09:00 UTC.
    const answer = await insight(ADMIN, '');
    expect(answer).toMatchObject({ from: '2026-08-31', to: '2026-11-21' });
    expect(answer.weeks).toHaveLength(12);
    expect(answer.weeks.at(-1)).toBe('2026-11-16');
    // Monday 00:00 to Saturday 09:00.
    expect(machineOf(answer, own.id).weeks.at(-1)?.calendarHours).toBe(5 * 24 + 9);
    // A period in the future counts nothing against nothing.
    const ahead = await insight(ADMIN, 'from=2026-12-07&to=2026-12-13');
    expect(machineOf(ahead, own.id).total).toMatchObject({ calendarHours: 0, utilisation: null });
  });

  it("shows a manager their business's machines only; another business's filter answers 404", async () => {
    const answer = await insight(MANAGER, PERIOD);
    expect(answer.machines.length).toBeGreaterThan(0);
    expect(answer.machines.every((machine) => machine.business === own.businessId)).toBe(true);
    expect(machineOf(answer, own.id).weeks).toEqual(OWN_WEEKS);
    expect(answer.machines.some((machine) => machine.machine === other.id)).toBe(false);
    expect((await insight(MANAGER, `${PERIOD}&business=${own.businessId}`)).machines).toHaveLength(
      answer.machines.length,
    );
    for (const url of [
      `/api/v1/insight?business=${other.businessId}`,
      `/api/v1/insight/export.csv?business=${other.businessId}`,
    ]) {
      const foreign = await demo.call(MANAGER, 'GET', url);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Business B's manager never sees business A's machine.
    const theirs = await insight(MANAGER2, PERIOD);
    expect(theirs.machines.some((machine) => machine.business === own.businessId)).toBe(false);
    expect(machineOf(theirs, other.id).total.jobs).toBe(1);
  });

  it('filters by business and by location for an administrator', async () => {
    const ofB = await insight(ADMIN, `${PERIOD}&business=${other.businessId}`);
    expect(ofB.machines.length).toBeGreaterThan(0);
    expect(ofB.machines.every((machine) => machine.business === other.businessId)).toBe(true);
    expect(ofB.total.jobs).toBe(1);
    const here = await insight(ADMIN, `${PERIOD}&location=${encodeURIComponent(own.location)}`);
    expect(here.machines.every((machine) => machine.location === own.location)).toBe(true);
    expect(here.machines.some((machine) => machine.machine === own.id)).toBe(true);
    // The location's choices stay those of every location, so that another can be chosen.
    expect(here.locations.length).toBeGreaterThan(1);
    const nowhere = await insight(ADMIN, `${PERIOD}&location=Nowhere`);
    expect(nowhere.machines).toEqual([]);
    expect(nowhere.total).toMatchObject({ jobs: 0, calendarHours: 0, utilisation: null });
    const unknown = await demo.call(ADMIN, 'GET', '/api/v1/insight?business=999999');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a bad period with 400 and the field at fault', async () => {
    const backwards = await demo.call(ADMIN, 'GET', '/api/v1/insight?from=2025-03-16&to=2025-03-05');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { to: ['invalid'] } });
    const long = await demo.call(ADMIN, 'GET', '/api/v1/insight?from=2025-01-01&to=2026-01-02');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { to: ['tooLarge'] } });
    // 366 days is the longest.
    expect((await demo.call(ADMIN, 'GET', '/api/v1/insight?from=2025-01-01&to=2026-01-01')).statusCode).toBe(
      200,
    );
    // From long ago up to today by default: too long too.
    expect((await demo.call(MANAGER, 'GET', '/api/v1/insight?from=2020-01-01')).statusCode).toBe(400);
    for (const query of [
      'from=2025-02-30',
      'to=25-03-01',
      'from=1999-12-31',
      'to=3000-01-01',
      'business=0',
    ]) {
      const response = await demo.call(ADMIN, 'GET', `/api/v1/insight?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect(
      (await demo.call(ADMIN, 'GET', '/api/v1/insight/export.csv?from=2025-03-16&to=2025-03-05')).statusCode,
    ).toBe(400);
  });

  it('answers 401 without a session and 403 to technicians and customers', async () => {
    for (const url of ['/api/v1/insight', '/api/v1/insight/export.csv']) {
      expect((await demo.call(null, 'GET', url)).statusCode).toBe(401);
      for (const email of [TECH, CUSTOMER]) {
        const refused = await demo.call(email, 'GET', url);
        expect(refused.statusCode, `${email} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });

  it('exports the same figures as CSV, one row per machine and week', async () => {
    const response = await demo.call(MANAGER, 'GET', `/api/v1/insight/export.csv?${PERIOD}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="fleet-insight-2025-03-05-2025-03-16.csv"',
    );
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'week,machine_id,machine,business_id,business,location,print_hours,calendar_hours,utilisation,jobs,completed,cancelled,interrupted,filament_m',
    );
    const answer = await insight(MANAGER, PERIOD);
    expect(lines).toHaveLength(1 + answer.machines.length * 2);
    const ownRows = lines.filter((line) => line.split(',')[1] === String(own.id));
    expect(ownRows).toEqual([
      `2025-03-03,${own.id},Prusa linea 1,${own.businessId},Officine Adriatiche S.p.A.,${own.location},2.67,120,0.022,3,2,1,0,14`,
      `2025-03-10,${own.id},Prusa linea 1,${own.businessId},Officine Adriatiche S.p.A.,${own.location},11.5,168,0.068,3,2,0,1,30`,
    ]);
    expect(lines.some((line) => line.split(',')[1] === String(other.id))).toBe(false);
    // A week still to come has no utilisation: an empty cell.
    const ahead = await demo.call(ADMIN, 'GET', '/api/v1/insight/export.csv?from=2026-12-07&to=2026-12-13');
    expect(ahead.body.split('\n')[1]).toMatch(/,0,0,,0,0,0,0,0$/);
  });

  it('writes a machine group name a spreadsheet would run as a formula after a single quote', async () => {
    await t.database.db.update(machineGroups).set({ name: '@SUM(1)' }).where(eq(machineGroups.id, other.id));
    try {
      const response = await demo.call(ADMIN, 'GET', `/api/v1/insight/export.csv?${PERIOD}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.body.split('\n').filter((line) => line.split(',')[1] === String(other.id));
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.split(',')[2]).toBe("'@SUM(1)");
    } finally {
      await t.database.db
        .update(machineGroups)
        .set({ name: 'RatRig produzione' })
        .where(eq(machineGroups.id, other.id));
    }
  });
});
