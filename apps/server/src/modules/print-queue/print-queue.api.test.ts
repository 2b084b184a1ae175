import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import {
  ADMIN,
  CUSTOMER,
  MANAGER,
  OTHER_MANAGER,
  PRINT_QUEUE_TEST_CONFIG,
  TECH,
  usePrintQueueFixtures,
} from '../../test/print-queue-fixtures.ts';

// A business's queue and its jobs: listing, tenancy, roles. Starting and runs: print-queue-runs.api.test.ts.
const t = useTestApp(PRINT_QUEUE_TEST_CONFIG);
const demo = usePrintQueueFixtures(t);
const { line1, line2, libraryFile, queueJob, jobCount } = demo;

describe('the print queue of a business', () => {
  it('lists its jobs in order and the machines the caller sees, with their readiness', async () => {
    const file = await libraryFile(demo.businessA);
    const first = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const second = await queueJob(CUSTOMER, { file, target: { machineType: demo.prusaType }, copies: 3 });
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line2.groupId}/ready`);
    const queue = await t.call(CUSTOMER, 'GET', `/api/v1/business/${demo.businessA}/print-queue`);
    expect(queue.statusCode, queue.body).toBe(200);
    const body = queue.json();
    expect(body.jobs.map((job: { id: number; position: number }) => [job.id, job.position])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    expect(body.jobs[1]).toMatchObject({ copies: 3, copiesStarted: 0, state: 'waiting', location: null });
    expect(body.jobs[0].queuedBy).toMatchObject({ name: 'Carlo', surname: 'Cliente' });
    // The customer sees the two lines assigned to them.
    expect(body.machines.map((machine: { machineGroup: number }) => machine.machineGroup).sort()).toEqual(
      [line1.groupId, line2.groupId].sort(),
    );
    const ready = body.machines.find(
      (machine: { machineGroup: number }) => machine.machineGroup === line2.groupId,
    );
    expect(ready).toMatchObject({ ready: true, state: 'idle', markedBy: { name: 'Carlo' } });
  });

  it("answers 404 for another business's queue, job and machine; technicians and administrators see any", async () => {
    const otherFile = await libraryFile(demo.businessB);
    const other = await queueJob(
      OTHER_MANAGER,
      { file: otherFile, target: { machineGroup: demo.otherGroup } },
      demo.businessB,
    );
    for (const [method, url] of [
      ['GET', `/api/v1/business/${demo.businessB}/print-queue`],
      ['GET', `/api/v1/print-queue/jobs/${other.id}`],
      ['POST', `/api/v1/print-queue/jobs/${other.id}/cancel`],
      ['PUT', `/api/v1/machinegroup/${demo.otherGroup}/ready`],
    ] as const) {
      expect((await t.call(CUSTOMER, method, url)).statusCode, url).toBe(404);
      expect((await t.call(MANAGER, method, url)).statusCode, url).toBe(404);
    }
    expect((await t.call(TECH, 'GET', `/api/v1/business/${demo.businessB}/print-queue`)).statusCode).toBe(
      200,
    );
    const history = await t.call(ADMIN, 'GET', `/api/v1/print-queue/jobs/${other.id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().job).toMatchObject({ id: other.id, state: 'waiting' });
  });

  it("refuses another business's file, machine group, or a machine type it has none of, storing nothing", async () => {
    const ownFile = await libraryFile(demo.businessA);
    const otherFile = await libraryFile(demo.businessB);
    const before = await jobCount();
    const refused = [
      { file: otherFile, target: { machineGroup: line1.groupId } },
      { file: ownFile, target: { machineGroup: demo.otherGroup } },
      { file: ownFile, target: { machineType: (await t.demoGroup('RatRig produzione')).machineTypeId } },
      { file: ownFile, target: { machineType: demo.prusaType, location: 'Altrove' } },
      { file: ownFile, target: { machineGroup: line1.groupId }, copies: 0 },
      { file: ownFile, target: { machineGroup: line1.groupId, machineType: demo.prusaType } },
    ];
    for (const body of refused) {
      const response = await t.call(
        CUSTOMER,
        'POST',
        `/api/v1/business/${demo.businessA}/print-queue/jobs`,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await jobCount()).toBe(before);
  });

  it('moves a waiting job, changes its copies (never below those started) and cancels it', async () => {
    const file = await libraryFile(demo.businessA);
    const a = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const b = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const c = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const moved = await t.call(MANAGER, 'PUT', `/api/v1/print-queue/jobs/${c.id}/position`, { position: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().position).toBe(1);
    const order = (await t.call(CUSTOMER, 'GET', `/api/v1/business/${demo.businessA}/print-queue`)).json()
      .jobs;
    expect(order.map((job: { id: number }) => job.id)).toEqual([c.id, a.id, b.id]);

    const copies = await t.call(CUSTOMER, 'PUT', `/api/v1/print-queue/jobs/${a.id}/copies`, { copies: 4 });
    expect(copies.json()).toMatchObject({ copies: 4, state: 'waiting' });
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    expect(
      (
        await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${a.id}/start`, {
          machineGroup: line1.groupId,
        })
      ).statusCode,
    ).toBe(201);
    const below = await t.call(CUSTOMER, 'PUT', `/api/v1/print-queue/jobs/${a.id}/copies`, { copies: 0 });
    expect(below.statusCode).toBe(400);
    expect(
      (await t.call(CUSTOMER, 'PUT', `/api/v1/print-queue/jobs/${a.id}/copies`, { copies: 1 })).json(),
    ).toMatchObject({
      copies: 1,
      copiesStarted: 1,
      state: 'printing',
    });

    const cancelled = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${b.id}/cancel`);
    expect(cancelled.json()).toMatchObject({
      state: 'cancelled',
      cancelledBy: { name: 'Carlo' },
      position: null,
    });
    expect((await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${b.id}/cancel`)).statusCode).toBe(409);
  });

  it('lets managers and administrators switch the automatic start, not customers or technicians', async () => {
    const url = `/api/v1/business/${demo.businessA}/print-queue/settings`;
    expect((await t.call(CUSTOMER, 'PUT', url, { autoStart: true })).statusCode).toBe(403);
    expect((await t.call(TECH, 'PUT', url, { autoStart: true })).statusCode).toBe(403);
    expect((await t.call(OTHER_MANAGER, 'PUT', url, { autoStart: true })).statusCode).toBe(404);
    expect((await t.call(MANAGER, 'PUT', url, { autoStart: true })).json()).toEqual({ autoStart: true });
    expect(
      (await t.call(CUSTOMER, 'GET', `/api/v1/business/${demo.businessA}/print-queue`)).json().autoStart,
    ).toBe(true);
    expect((await t.call(ADMIN, 'PUT', url, { autoStart: false })).statusCode).toBe(200);
  });
});
