import { queueHistoryPageSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import {
  ADMIN,
  CUSTOMER,
  MANAGER,
  OTHER_MANAGER,
  PRINT_QUEUE_TEST_CONFIG,
  storedAt,
  storeJob,
  TECH,
  usePrintQueueFixtures,
} from '../../test/print-queue-fixtures.ts';

// Each test starts from an empty queue (the fixtures empty it).
const t = useTestApp(PRINT_QUEUE_TEST_CONFIG);
const demo = usePrintQueueFixtures(t);
const { line1, line2 } = demo;

const at = storedAt;

/** A job of `business` as the queue leaves it, for line 1 unless told otherwise. */
const job = (
  business: number,
  fileName: string,
  options: Omit<Parameters<typeof storeJob>[3], 'target'> & { target?: number },
) => storeJob(t, business, fileName, { target: line1.groupId, ...options });

const historyOf = async (as: string, business: number, query = '') => {
  const response = await t.call(as, 'GET', `/api/v1/business/${business}/print-queue/history${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return queueHistoryPageSchema.parse(response.json());
};

describe("a business's print-queue history", () => {
  it('lists its done and cancelled jobs, the newest end first, with who queued, started and where each copy ran', async () => {
    const done = await job(demo.businessA, 'staffa.gcode', {
      state: 'done',
      copies: 2,
      runs: [
        {
          group: line1.groupId,
          state: 'failed',
          startedBy: MANAGER,
          started: 1,
          ended: 2,
          reason: 'notStarted',
          startError: 'BOARD_OFFLINE',
        },
        { group: line1.groupId, state: 'finished', startedBy: MANAGER, started: 3, ended: 20 },
        { group: line2.groupId, state: 'finished', startedBy: CUSTOMER, started: 4, ended: 30 },
      ],
    });
    const cancelled = await job(demo.businessA, 'supporto.gcode', {
      state: 'cancelled',
      copies: 3,
      cancelled: { by: MANAGER, minute: 40 },
    });
    const earlier = await job(demo.businessA, 'piastra.gcode', {
      state: 'done',
      runs: [{ group: line2.groupId, state: 'finished', startedBy: CUSTOMER, started: 1, ended: 10 }],
    });
    // Still in the queue: not history.
    await job(demo.businessA, 'in-coda.gcode', { state: 'waiting' });
    await job(demo.businessA, 'in-stampa.gcode', {
      state: 'printing',
      runs: [{ group: line1.groupId, state: 'printing', startedBy: CUSTOMER, started: 50 }],
    });

    const history = await historyOf(CUSTOMER, demo.businessA);
    expect(history).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(history.items.map((item) => [item.job.id, item.endedAt])).toEqual([
      [cancelled, at(40).toISOString()],
      [done, at(30).toISOString()],
      [earlier, at(10).toISOString()],
    ]);
    const [, first] = history.items;
    expect(first?.job).toMatchObject({
      fileName: 'staffa.gcode',
      state: 'done',
      copies: 2,
      copiesFinished: 2,
      position: null,
      queuedBy: { name: 'Carlo', surname: 'Cliente' },
    });
    expect(first?.runs.map((run) => [run.copy, run.machineGroup, run.state, run.startedBy?.name])).toEqual([
      [1, line1.groupId, 'failed', 'Marco'],
      [2, line1.groupId, 'finished', 'Marco'],
      [3, line2.groupId, 'finished', 'Carlo'],
    ]);
    expect(first?.runs[0]).toMatchObject({
      reason: 'notStarted',
      startError: 'BOARD_OFFLINE',
      endedAt: at(2).toISOString(),
    });
    expect(first?.runs[1]).toMatchObject({ reason: null, startError: null });
    expect(history.items[0]?.job).toMatchObject({
      state: 'cancelled',
      cancelledBy: { name: 'Marco' },
      copiesStarted: 0,
    });
    expect(history.items[0]?.runs).toEqual([]);
  });

  it('comes a page at a time, at most 50 jobs', async () => {
    for (let minute = 1; minute <= 3; minute++) {
      await job(demo.businessA, `pezzo-${minute}.gcode`, {
        state: 'done',
        runs: [{ group: line1.groupId, state: 'finished', startedBy: CUSTOMER, started: 0, ended: minute }],
      });
    }
    const second = await historyOf(MANAGER, demo.businessA, '?page=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.job.fileName)).toEqual(['pezzo-1.gcode']);
    const past = await historyOf(MANAGER, demo.businessA, '?page=3&pageSize=2');
    expect(past.items).toEqual([]);
    for (const query of ['?pageSize=51', '?pageSize=0', '?page=0', '?page=x']) {
      const refused = await t.call(
        MANAGER,
        'GET',
        `/api/v1/business/${demo.businessA}/print-queue/history${query}`,
      );
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it("shows a business's history to its managers and customers, every business's to technicians and administrators", async () => {
    const own = await job(demo.businessA, 'nostro.gcode', {
      state: 'done',
      runs: [{ group: line1.groupId, state: 'finished', startedBy: CUSTOMER, started: 0, ended: 5 }],
    });
    const other = await job(demo.businessB, 'altrui.gcode', {
      state: 'cancelled',
      queuedBy: OTHER_MANAGER,
      target: demo.otherGroup,
      cancelled: { by: OTHER_MANAGER, minute: 6 },
    });
    for (const as of [CUSTOMER, MANAGER]) {
      expect((await historyOf(as, demo.businessA)).items.map((item) => item.job.id)).toEqual([own]);
      const refused = await t.call(as, 'GET', `/api/v1/business/${demo.businessB}/print-queue/history`);
      expect(refused.statusCode, as).toBe(404);
    }
    expect(
      (await t.call(OTHER_MANAGER, 'GET', `/api/v1/business/${demo.businessA}/print-queue/history`))
        .statusCode,
    ).toBe(404);
    expect((await historyOf(OTHER_MANAGER, demo.businessB)).items.map((item) => item.job.id)).toEqual([
      other,
    ]);
    for (const as of [TECH, ADMIN]) {
      expect(
        (await historyOf(as, demo.businessB)).items.map((item) => item.job.id),
        as,
      ).toEqual([other]);
      expect(
        (await historyOf(as, demo.businessA)).items.map((item) => item.job.id),
        as,
      ).toEqual([own]);
    }
    expect((await t.call(ADMIN, 'GET', '/api/v1/business/999999/print-queue/history')).statusCode).toBe(404);
    expect(
      (await t.call(null, 'GET', `/api/v1/business/${demo.businessA}/print-queue/history`)).statusCode,
    ).toBe(401);
  });
});
