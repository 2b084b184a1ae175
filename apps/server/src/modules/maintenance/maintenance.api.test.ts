import type {
  ActivityEntry,
  MachineMaintenance,
  MaintenanceDone,
  MaintenanceFleetItem,
  MaintenanceTask,
  MaintenanceTaskState,
  Page,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { machineJobs } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const ADMIN = 'admin@demo.test';
const MANAGER = 'manager@demo.test';
const TECH = 'tech@demo.test';
const CUSTOMER = 'customer@demo.test';
const MANAGER2 = 'manager2@demo.test';
const CUSTOMER2 = 'customer2@demo.test';
const MINUTE = 60_000;
const DAY = 86_400_000;

const t = useTestApp({ activity: { flushMs: 5 } });
const demo = demoClient(t);
/** Business A's demo group (assigned to tech@ and customer@) and business B's. */
let own: { id: number; machineTypeId: number; computerControllerId: number; businessId: number };
let other: { id: number; machineTypeId: number; computerControllerId: number; businessId: number };

beforeAll(async () => {
  own = await demo.group('Prusa linea 1');
  other = await demo.group('RatRig produzione');
});

async function createTask(body: Record<string, unknown>): Promise<MaintenanceTask> {
  const response = await demo.call(ADMIN, 'POST', '/api/v1/maintenance/tasks', {
    machineType: own.machineTypeId,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as MaintenanceTask;
}

async function stateOf(taskId: number, email = CUSTOMER, group = own.id): Promise<MaintenanceTaskState> {
  const response = await demo.call(email, 'GET', `/api/v1/machinegroup/${group}/maintenance`);
  expect(response.statusCode, response.body).toBe(200);
  const state = (response.json() as MachineMaintenance).tasks.find((item) => item.task.id === taskId);
  if (!state) throw new Error(`task ${taskId} not in the group's plan`);
  return state;
}

/** A job-finished transition of the own group's machine, as the live status emits it, `minutes` from now. */
function jobFinished(fileName: string, minutes: number, durationSeconds: number | null = 600) {
  t.modules.liveStatus.events.emit({
    type: 'jobFinished',
    controllerId: own.computerControllerId,
    machineGroupId: own.id,
    at: new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString(),
    fileName,
    durationSeconds,
  });
}

const jobsRecorded = async (fileName: string) =>
  (await t.database.db.select().from(machineJobs).where(eq(machineJobs.fileName, fileName))).length;

describe('maintenance plans', () => {
  it('administrators create, list by machine type, replace and delete tasks', async () => {
    const task = await createTask({
      name: '  Lubricate Z screws ',
      instruction: 'Clean, then grease.',
      link: 'https://docs.example/z-screws',
      everyHours: 200,
      everyDays: 90,
    });
    expect(task).toMatchObject({
      machineType: own.machineTypeId,
      name: 'Lubricate Z screws',
      link: 'https://docs.example/z-screws',
      everyHours: 200,
      everyJobs: null,
      everyMetres: null,
      everyDays: 90,
    });
    const listed = await demo.call(
      ADMIN,
      'GET',
      `/api/v1/maintenance/tasks?machineType=${own.machineTypeId}`,
    );
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as MaintenanceTask[]).map((item) => item.id)).toContain(task.id);
    const elsewhere = await demo.call(
      ADMIN,
      'GET',
      `/api/v1/maintenance/tasks?machineType=${other.machineTypeId}`,
    );
    expect(
      (elsewhere.json() as MaintenanceTask[]).every((item) => item.machineType === other.machineTypeId),
    ).toBe(other.machineTypeId !== own.machineTypeId);

    const replaced = await demo.call(ADMIN, 'PUT', `/api/v1/maintenance/tasks/${task.id}`, {
      machineType: own.machineTypeId,
      name: 'Lubricate Z screws',
      everyJobs: 40,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ everyHours: null, everyJobs: 40, everyDays: null, link: null });

    expect((await demo.call(ADMIN, 'DELETE', `/api/v1/maintenance/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await demo.call(ADMIN, 'DELETE', `/api/v1/maintenance/tasks/${task.id}`)).statusCode).toBe(404);
    expect(
      (
        await demo.call(ADMIN, 'PUT', `/api/v1/maintenance/tasks/${task.id}`, {
          machineType: own.machineTypeId,
          name: 'Gone',
          everyDays: 1,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuse a task without interval, with bad values or an unknown machine type (400, field errors)', async () => {
    const none = await demo.call(ADMIN, 'POST', '/api/v1/maintenance/tasks', {
      machineType: own.machineTypeId,
      name: 'Belt tension',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { everyHours: ['required'] } });
    const bad = await demo.call(ADMIN, 'POST', '/api/v1/maintenance/tasks', {
      machineType: own.machineTypeId,
      name: '',
      everyHours: 0,
      link: 'ftp://example.test/manual',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields as object).sort()).toEqual(['everyHours', 'link', 'name']);
    const unknown = await demo.call(ADMIN, 'POST', '/api/v1/maintenance/tasks', {
      machineType: 999_999,
      name: 'Belt tension',
      everyJobs: 5,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { machineType: ['invalidChoice'] } });
    expect((await demo.call(ADMIN, 'GET', '/api/v1/maintenance/tasks?machineType=x')).statusCode).toBe(400);
    expect((await demo.call(ADMIN, 'PUT', '/api/v1/maintenance/tasks/0', { name: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('are written by administrators only (401 without a session, 403 for the other roles)', async () => {
    const body = { machineType: own.machineTypeId, name: 'Nozzle', everyMetres: 5000 };
    expect((await demo.call(null, 'POST', '/api/v1/maintenance/tasks', body)).statusCode).toBe(401);
    expect((await demo.call(null, 'GET', '/api/v1/maintenance/tasks')).statusCode).toBe(401);
    for (const email of [MANAGER, TECH, CUSTOMER]) {
      expect((await demo.call(email, 'POST', '/api/v1/maintenance/tasks', body)).statusCode).toBe(403);
      expect((await demo.call(email, 'GET', '/api/v1/maintenance/tasks')).statusCode).toBe(403);
    }
    const task = await createTask({ name: 'Nozzle', everyMetres: 5000 });
    expect((await demo.call(MANAGER, 'PUT', `/api/v1/maintenance/tasks/${task.id}`, body)).statusCode).toBe(
      403,
    );
    expect((await demo.call(TECH, 'DELETE', `/api/v1/maintenance/tasks/${task.id}`)).statusCode).toBe(403);
    expect((await demo.call(null, 'DELETE', `/api/v1/maintenance/tasks/${task.id}`)).statusCode).toBe(401);
  });
});

describe("a machine group's override", () => {
  it("replaces the plan's intervals for that group only, until removed", async () => {
    const task = await createTask({ name: 'Belt tension', everyHours: 500 });
    const url = `/api/v1/machinegroup/${own.id}/maintenance/${task.id}/override`;
    const set = await demo.call(ADMIN, 'PUT', url, { everyJobs: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      machine: own.id,
      task: task.id,
      everyHours: null,
      everyJobs: 2,
      everyMetres: null,
      everyDays: null,
    });
    expect(await stateOf(task.id)).toMatchObject({
      overridden: true,
      intervals: { everyHours: null, everyJobs: 2 },
      task: { everyHours: 500, everyJobs: null },
    });
    expect((await demo.call(ADMIN, 'DELETE', url)).statusCode).toBe(204);
    expect(await stateOf(task.id)).toMatchObject({ overridden: false, intervals: { everyHours: 500 } });
    expect((await demo.call(ADMIN, 'DELETE', url)).statusCode).toBe(404);
  });

  it("is dropped when its task moves to another machine type's plan", async () => {
    const task = await createTask({ name: 'Moving task', everyHours: 300 });
    const url = `/api/v1/machinegroup/${own.id}/maintenance/${task.id}/override`;
    expect((await demo.call(ADMIN, 'PUT', url, { everyHours: 30 })).statusCode).toBe(200);
    const body = { name: 'Moving task', everyHours: 300 };
    const moved = await demo.call(ADMIN, 'PUT', `/api/v1/maintenance/tasks/${task.id}`, {
      ...body,
      machineType: own.machineTypeId === 1 ? 2 : 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await demo.call(ADMIN, 'PUT', `/api/v1/maintenance/tasks/${task.id}`, {
      ...body,
      machineType: own.machineTypeId,
    });
    expect(await stateOf(task.id)).toMatchObject({ overridden: false, intervals: { everyHours: 300 } });
  });

  it('is refused: 400 without interval, 401, 403 for other roles, 404 for a task of another plan', async () => {
    const task = await createTask({ name: 'Fans', everyDays: 30 });
    const url = `/api/v1/machinegroup/${own.id}/maintenance/${task.id}/override`;
    const empty = await demo.call(ADMIN, 'PUT', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { everyHours: ['required'] } });
    expect((await demo.call(ADMIN, 'PUT', url, { everyDays: -1 })).statusCode).toBe(400);
    expect((await demo.call(null, 'PUT', url, { everyDays: 7 })).statusCode).toBe(401);
    expect((await demo.call(MANAGER, 'PUT', url, { everyDays: 7 })).statusCode).toBe(403);
    expect((await demo.call(TECH, 'DELETE', url)).statusCode).toBe(403);
    if (other.machineTypeId !== own.machineTypeId) {
      const foreign = `/api/v1/machinegroup/${other.id}/maintenance/${task.id}/override`;
      expect((await demo.call(ADMIN, 'PUT', foreign, { everyDays: 7 })).statusCode).toBe(404);
    }
    expect(
      (
        await demo.call(ADMIN, 'PUT', `/api/v1/machinegroup/999999/maintenance/${task.id}/override`, {
          everyDays: 7,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("a machine group's maintenance", () => {
  it('is read by whoever sees the group; another business answers 404', async () => {
    const url = `/api/v1/machinegroup/${own.id}/maintenance`;
    for (const email of [ADMIN, MANAGER, TECH, CUSTOMER])
      expect((await demo.call(email, 'GET', url)).statusCode).toBe(200);
    for (const email of [MANAGER2, CUSTOMER2])
      expect((await demo.call(email, 'GET', url)).statusCode).toBe(404);
    expect((await demo.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await demo.call(CUSTOMER, 'GET', '/api/v1/machinegroup/abc/maintenance')).statusCode).toBe(400);
    expect(
      (await demo.call(CUSTOMER, 'GET', `/api/v1/machinegroup/${own.id}/maintenance/done`)).statusCode,
    ).toBe(200);
    expect(
      (await demo.call(CUSTOMER2, 'GET', `/api/v1/machinegroup/${own.id}/maintenance/done`)).statusCode,
    ).toBe(404);
  });

  it('becomes due soon, then overdue, as finished jobs are recorded; a job recorded twice counts once', async () => {
    const task = await createTask({ name: 'Check the hot end', everyJobs: 10, everyHours: 1 });
    const before = await stateOf(task.id);
    expect(before).toMatchObject({ state: 'ok', lastDone: null });

    // 55 minutes of printing: 92% of the hour (due soon), in one job told three times.
    jobFinished('hotend-1.gcode', 1, 3300);
    jobFinished('hotend-1.gcode', 1, 3300);
    await vi.waitFor(async () => expect(await jobsRecorded('hotend-1.gcode')).toBe(1));
    // The same job seen again by another route (an instance taking over): the same minute and file.
    await t.modules.maintenance.service.recordFinishedJob({
      type: 'jobFinished',
      controllerId: own.computerControllerId,
      machineGroupId: own.id,
      at: new Date(t.clock.now().getTime() + MINUTE + 20_000).toISOString(),
      fileName: 'hotend-1.gcode',
      durationSeconds: 3300,
    });
    expect(await jobsRecorded('hotend-1.gcode')).toBe(1);
    const dueSoon = await stateOf(task.id);
    expect(dueSoon.counters.jobs - before.counters.jobs).toBe(1);
    expect(dueSoon).toMatchObject({ state: 'dueSoon', nearest: 'hours' });

    jobFinished('hotend-2.gcode', 2, 600);
    await vi.waitFor(async () => expect(await jobsRecorded('hotend-2.gcode')).toBe(1));
    const overdue = await stateOf(task.id);
    expect(overdue).toMatchObject({ state: 'overdue', nearest: 'hours' });
    expect(overdue.counters.hours - before.counters.hours).toBeCloseTo(1.08, 2);
    expect(overdue.fraction).toBeGreaterThanOrEqual(1);
  });

  it('records a job the board did not time, without counting hours for it', async () => {
    const task = await createTask({ name: 'Wipe the bed', everyJobs: 1000 });
    const before = await stateOf(task.id);
    jobFinished('untimed.gcode', 3, null);
    await vi.waitFor(async () => expect(await jobsRecorded('untimed.gcode')).toBe(1));
    const after = await stateOf(task.id);
    expect(after.counters.jobs - before.counters.jobs).toBe(1);
    expect(after.counters.hours).toBe(before.counters.hours);
  });

  it('marked done resets the counters; later jobs count again', async () => {
    // Past every job the tests before recorded, so that only this test's jobs follow the record.
    t.clock.advance(10 * MINUTE);
    const task = await createTask({ name: 'Replace the nozzle', everyJobs: 2 });
    jobFinished('nozzle-1.gcode', -30);
    jobFinished('nozzle-2.gcode', -20);
    await vi.waitFor(async () => expect(await jobsRecorded('nozzle-2.gcode')).toBe(1));
    expect((await stateOf(task.id)).state).toBe('overdue');

    const done = await demo.call(TECH, 'POST', `/api/v1/machinegroup/${own.id}/maintenance/done`, {
      task: task.id,
      note: 'Worn out',
      parts: 'Nozzle 0.4 mm',
    });
    expect(done.statusCode, done.body).toBe(201);
    const record = done.json() as MaintenanceDone;
    expect(record).toMatchObject({
      task: task.id,
      machine: own.id,
      date: t.clock.now().toISOString(),
      by: { id: await t.idOf(TECH) },
      note: 'Worn out',
      parts: 'Nozzle 0.4 mm',
    });
    const reset = await stateOf(task.id);
    expect(reset).toMatchObject({
      state: 'ok',
      counters: { hours: 0, jobs: 0, metres: 0, days: 0 },
      since: record.date,
      lastDone: { id: record.id },
    });

    jobFinished('nozzle-3.gcode', 5);
    await vi.waitFor(async () => expect((await stateOf(task.id)).counters.jobs).toBe(1));
    const log = await demo.call(MANAGER, 'GET', `/api/v1/machinegroup/${own.id}/maintenance/done`);
    expect((log.json() as MaintenanceDone[])[0]).toMatchObject({ id: record.id, note: 'Worn out' });

    // The activity record files it under the machine and its business.
    await t.modules.activity.log.flush();
    const activity = await demo.call(ADMIN, 'GET', '/api/v1/activity?kind=maintenance.done');
    expect(activity.statusCode, activity.body).toBe(200);
    expect((activity.json() as Page<ActivityEntry>).items[0]).toMatchObject({
      kind: 'maintenance.done',
      controller: own.computerControllerId,
    });
  });

  it('counts days from the date the task was done', async () => {
    const task = await createTask({ name: 'Inspect the cables', everyDays: 10 });
    const tenDaysAgo = new Date(t.clock.now().getTime() - 10 * DAY).toISOString();
    const done = await demo.call(MANAGER, 'POST', `/api/v1/machinegroup/${own.id}/maintenance/done`, {
      task: task.id,
      date: tenDaysAgo,
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(await stateOf(task.id)).toMatchObject({
      state: 'overdue',
      nearest: 'days',
      counters: { days: 10 },
    });
  });

  it('refuses to mark done: 400, 401, 403 for customers, 404 across businesses', async () => {
    const task = await createTask({ name: 'Filters', everyDays: 60 });
    const url = `/api/v1/machinegroup/${own.id}/maintenance/done`;
    const future = new Date(t.clock.now().getTime() + DAY).toISOString();
    const early = await demo.call(ADMIN, 'POST', url, { task: task.id, date: future });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ fields: { date: ['invalid'] } });
    expect((await demo.call(ADMIN, 'POST', url, { task: task.id, note: 'x'.repeat(2001) })).statusCode).toBe(
      400,
    );
    expect((await demo.call(ADMIN, 'POST', url, {})).statusCode).toBe(400);
    const unknown = await demo.call(ADMIN, 'POST', url, { task: 999_999 });
    expect(unknown.json()).toMatchObject({ fields: { task: ['invalidChoice'] } });
    expect((await demo.call(null, 'POST', url, { task: task.id })).statusCode).toBe(401);
    expect((await demo.call(CUSTOMER, 'POST', url, { task: task.id })).statusCode).toBe(403);
    expect((await demo.call(MANAGER2, 'POST', url, { task: task.id })).statusCode).toBe(404);
    expect((await demo.call(CUSTOMER2, 'POST', url, { task: task.id })).statusCode).toBe(404);
  });
});

describe('the fleet list', () => {
  it('shows the tasks of the groups the caller sees, overdue first, then by the nearest fraction', async () => {
    const overdue = await createTask({ name: 'Fleet overdue', everyDays: 1 });
    await demo.call(ADMIN, 'POST', `/api/v1/machinegroup/${own.id}/maintenance/done`, {
      task: overdue.id,
      date: new Date(t.clock.now().getTime() - 3 * DAY).toISOString(),
    });
    const response = await demo.call(ADMIN, 'GET', '/api/v1/maintenance');
    expect(response.statusCode).toBe(200);
    const items = response.json() as MaintenanceFleetItem[];
    const rank = { overdue: 0, dueSoon: 1, ok: 2 } as const;
    for (let index = 1; index < items.length; index++) {
      const [a, b] = [items[index - 1], items[index]] as [MaintenanceFleetItem, MaintenanceFleetItem];
      expect(
        rank[a.state] < rank[b.state] || (a.state === b.state && (a.fraction ?? -1) >= (b.fraction ?? -1)),
      ).toBe(true);
    }
    expect(items.find((item) => item.task.id === overdue.id && item.machine === own.id)).toMatchObject({
      state: 'overdue',
      machineName: 'Prusa linea 1',
      business: own.businessId,
    });

    // A customer sees only the groups assigned to them; another business's customer none of A's.
    const mine = (await demo.call(CUSTOMER, 'GET', '/api/v1/maintenance')).json() as MaintenanceFleetItem[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((item) => item.business === own.businessId)).toBe(true);
    const theirs = (
      await demo.call(CUSTOMER2, 'GET', '/api/v1/maintenance')
    ).json() as MaintenanceFleetItem[];
    expect(theirs.some((item) => item.business === own.businessId)).toBe(false);
    expect((await demo.call(null, 'GET', '/api/v1/maintenance')).statusCode).toBe(401);
  });

  it('filters by business and by location', async () => {
    await createTask({ name: 'Fleet filter', everyJobs: 100 });
    const ofA = (
      await demo.call(ADMIN, 'GET', `/api/v1/maintenance?business=${own.businessId}`)
    ).json() as MaintenanceFleetItem[];
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofA.every((item) => item.business === own.businessId)).toBe(true);
    const ofB = (
      await demo.call(ADMIN, 'GET', `/api/v1/maintenance?business=${other.businessId}`)
    ).json() as MaintenanceFleetItem[];
    expect(ofB.some((item) => item.business === own.businessId)).toBe(false);
    // A manager filtering by another business gets nothing of it.
    const foreign = await demo.call(MANAGER, 'GET', `/api/v1/maintenance?business=${other.businessId}`);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual([]);
    const location = (await demo.group('Prusa linea 1')).location;
    const here = (
      await demo.call(ADMIN, 'GET', `/api/v1/maintenance?location=${encodeURIComponent(location)}`)
    ).json() as MaintenanceFleetItem[];
    expect(here.length).toBeGreaterThan(0);
    expect(here.every((item) => item.location === location)).toBe(true);
    expect((await demo.call(ADMIN, 'GET', '/api/v1/maintenance?business=-1')).statusCode).toBe(400);
  });
});
