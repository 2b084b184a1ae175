import { randomUUID } from 'node:crypto';
import type http2 from 'node:http2';
import type { MachineCardState, MachineLiveStatus } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  businesses,
  libraryFileChunks,
  libraryFiles,
  machineReadiness,
  printQueueJobs,
  printQueueRuns,
} from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { connectFakeGateway, type FakeGateway } from '../../test/fake-gateway.ts';
import type { MachineTransition } from '../live-status/machine-events.ts';

const t = useTestApp({ proxyTimeoutMs: 5000 });

const CUSTOMER = 'customer@demo.test';
const MANAGER = 'manager@demo.test';
const TECH = 'tech@demo.test';
const ADMIN = 'admin@demo.test';
const OTHER_MANAGER = 'manager2@demo.test';
const GCODE = 'G28\nG1 X10 Y10\n';

/** What each machine's board received, and whether it refuses uploads. */
interface Board {
  controllerId: number;
  groupId: number;
  requests: { path: string; body: string }[];
  refuseUploads: boolean;
  gateway?: FakeGateway;
}

function boardHandler(board: Board) {
  return (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const path = decodeURIComponent(String(headers[':path']));
      board.requests.push({ path, body: Buffer.concat(chunks).toString('utf8') });
      stream.respond({ ':status': 200, 'content-type': 'application/json' });
      const refused = board.refuseUploads && path.includes('rr_upload');
      stream.end(refused ? '{"err":1}' : '{"err":0}');
    });
  };
}

let businessA = 0;
let businessB = 0;
let prusaType = 0;
const line1: Board = { controllerId: 0, groupId: 0, requests: [], refuseUploads: false };
const line2: Board = { controllerId: 0, groupId: 0, requests: [], refuseUploads: false };
let otherGroup = 0;

beforeAll(async () => {
  businessA = await t.businessOf(CUSTOMER);
  businessB = await t.businessOf('customer2@demo.test');
  for (const [board, name] of [
    [line1, 'Prusa linea 1'],
    [line2, 'Prusa linea 2'],
  ] as const) {
    const group = await t.demoGroup(name);
    board.controllerId = group.computerControllerId;
    board.groupId = group.id;
    prusaType = group.machineTypeId;
    board.gateway = await connectFakeGateway(
      t.modules.gateway.registry,
      board.controllerId,
      boardHandler(board),
    );
  }
  otherGroup = (await t.demoGroup('RatRig produzione')).id;
});
afterAll(async () => {
  await line1.gateway?.disconnect();
  await line2.gateway?.disconnect();
});

beforeEach(async () => {
  const db = t.database.db;
  await db.delete(printQueueRuns);
  await db.delete(printQueueJobs);
  await db.delete(machineReadiness);
  await db.update(businesses).set({ printQueueAutoStart: false });
  for (const board of [line1, line2]) {
    board.requests.length = 0;
    board.refuseUploads = false;
    setStatus(board, 'idle');
  }
  await t.modules.printQueue.follower.idle();
});

/** A file in a business's library, stored in the database's content store. */
async function libraryFile(businessId: number, name = 'staffa.gcode'): Promise<number> {
  const contentKey = randomUUID();
  const data = Buffer.from(GCODE);
  await t.database.db
    .insert(libraryFileChunks)
    .values({ contentKey, seq: 0, data, writtenAt: t.clock.now() });
  const [row] = await t.database.db
    .insert(libraryFiles)
    .values({
      businessId,
      name: `${randomUUID().slice(0, 8)}-${name}`,
      size: data.length,
      sha256: '0'.repeat(64),
      uploadedAt: t.clock.now(),
      storage: 'database',
      contentKey,
    })
    .returning({ id: libraryFiles.id });
  if (!row) throw new Error('library file not stored');
  return row.id;
}

function status(state: MachineCardState, fileName?: string, finished = false): MachineLiveStatus {
  return {
    state,
    job: fileName
      ? {
          fileName,
          progress: finished ? 100 : 10,
          finished,
          durationSeconds: 5,
          estimatedEnd: null,
          layer: null,
          layerCount: null,
          thumbnail: null,
        }
      : null,
    heaters: [],
    boardName: 'Prusa',
    firmwareVersion: '3.5.4',
    updatedAt: t.clock.now().toISOString(),
  };
}

/** The machine's live status, as the live status monitor publishes it. */
function setStatus(board: Board, state: MachineCardState, fileName?: string, finished = false): void {
  t.modules.liveStatus.events.emit({
    type: 'status',
    controllerId: board.controllerId,
    at: t.clock.now().toISOString(),
    status: status(state, fileName, finished),
  });
}

function transition(board: Board, type: MachineTransition['type'], fileName: string): void {
  t.modules.liveStatus.events.emit({
    type,
    controllerId: board.controllerId,
    machineGroupId: board.groupId,
    at: t.clock.now().toISOString(),
    fileName,
  });
}

async function queueJob(
  as: string,
  body: Record<string, unknown>,
  businessId = businessA,
): Promise<{ id: number; fileName: string }> {
  const response = await t.call(as, 'POST', `/api/v1/business/${businessId}/print-queue/jobs`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const jobCount = async () => t.database.db.$count(printQueueJobs);
const runsOf = async (jobId: number) =>
  t.database.db.select().from(printQueueRuns).where(eq(printQueueRuns.jobId, jobId));

describe('the print queue of a business', () => {
  it('lists its jobs in order and the machines the caller sees, with their readiness', async () => {
    const file = await libraryFile(businessA);
    const first = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const second = await queueJob(CUSTOMER, { file, target: { machineType: prusaType }, copies: 3 });
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line2.groupId}/ready`);
    const queue = await t.call(CUSTOMER, 'GET', `/api/v1/business/${businessA}/print-queue`);
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
    const otherFile = await libraryFile(businessB);
    const other = await queueJob(
      OTHER_MANAGER,
      { file: otherFile, target: { machineGroup: otherGroup } },
      businessB,
    );
    for (const [method, url] of [
      ['GET', `/api/v1/business/${businessB}/print-queue`],
      ['GET', `/api/v1/print-queue/jobs/${other.id}`],
      ['POST', `/api/v1/print-queue/jobs/${other.id}/cancel`],
      ['PUT', `/api/v1/machinegroup/${otherGroup}/ready`],
    ] as const) {
      expect((await t.call(CUSTOMER, method, url)).statusCode, url).toBe(404);
      expect((await t.call(MANAGER, method, url)).statusCode, url).toBe(404);
    }
    expect((await t.call(TECH, 'GET', `/api/v1/business/${businessB}/print-queue`)).statusCode).toBe(200);
    const history = await t.call(ADMIN, 'GET', `/api/v1/print-queue/jobs/${other.id}`);
    expect(history.statusCode).toBe(200);
    expect(history.json().job).toMatchObject({ id: other.id, state: 'waiting' });
  });

  it("refuses another business's file, machine group, or a machine type it has none of, storing nothing", async () => {
    const ownFile = await libraryFile(businessA);
    const otherFile = await libraryFile(businessB);
    const before = await jobCount();
    const refused = [
      { file: otherFile, target: { machineGroup: line1.groupId } },
      { file: ownFile, target: { machineGroup: otherGroup } },
      { file: ownFile, target: { machineType: (await t.demoGroup('RatRig produzione')).machineTypeId } },
      { file: ownFile, target: { machineType: prusaType, location: 'Altrove' } },
      { file: ownFile, target: { machineGroup: line1.groupId }, copies: 0 },
      { file: ownFile, target: { machineGroup: line1.groupId, machineType: prusaType } },
    ];
    for (const body of refused) {
      const response = await t.call(CUSTOMER, 'POST', `/api/v1/business/${businessA}/print-queue/jobs`, body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(await jobCount()).toBe(before);
  });

  it('moves a waiting job, changes its copies (never below those started) and cancels it', async () => {
    const file = await libraryFile(businessA);
    const a = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const b = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const c = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const moved = await t.call(MANAGER, 'PUT', `/api/v1/print-queue/jobs/${c.id}/position`, { position: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().position).toBe(1);
    const order = (await t.call(CUSTOMER, 'GET', `/api/v1/business/${businessA}/print-queue`)).json().jobs;
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
    const url = `/api/v1/business/${businessA}/print-queue/settings`;
    expect((await t.call(CUSTOMER, 'PUT', url, { autoStart: true })).statusCode).toBe(403);
    expect((await t.call(TECH, 'PUT', url, { autoStart: true })).statusCode).toBe(403);
    expect((await t.call(OTHER_MANAGER, 'PUT', url, { autoStart: true })).statusCode).toBe(404);
    expect((await t.call(MANAGER, 'PUT', url, { autoStart: true })).json()).toEqual({ autoStart: true });
    expect(
      (await t.call(CUSTOMER, 'GET', `/api/v1/business/${businessA}/print-queue`)).json().autoStart,
    ).toBe(true);
    expect((await t.call(ADMIN, 'PUT', url, { autoStart: false })).statusCode).toBe(200);
  });
});

describe('starting a queued job', () => {
  it('starts it now on a ready, idle machine: the file to 0:/gcodes/queue and M32, as the person', async () => {
    const file = await libraryFile(businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineType: prusaType }, copies: 2 });
    const start = () =>
      t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, { machineGroup: line1.groupId });
    // Not marked ready yet.
    expect((await start()).statusCode).toBe(409);
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    const started = await start();
    expect(started.statusCode, started.body).toBe(201);
    const boardFile = `0:/gcodes/queue/${job.fileName}`;
    expect(started.json()).toMatchObject({ copy: 1, state: 'printing', boardFile, automatic: false });
    expect(line1.requests.map((request) => request.path)).toEqual([
      expect.stringContaining(`/rr_upload?name=${boardFile}`),
      expect.stringContaining(`/rr_gcode?gcode=M32 "${boardFile}"`),
    ]);
    expect(line1.requests[0]?.body).toBe(GCODE);
    // The bed is no longer clear: a second start needs another "ready".
    const machine = (
      await t.call(CUSTOMER, 'GET', `/api/v1/machinegroup/${line1.groupId}/print-queue`)
    ).json();
    expect(machine.machine).toMatchObject({ ready: false, run: { id: started.json().id } });
    expect(machine.jobs.map((queued: { id: number }) => queued.id)).toEqual([job.id]);
  });

  it('refuses a machine that is not idle, and a machine the job does not print on', async () => {
    const file = await libraryFile(businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line2.groupId}/ready`);
    const elsewhere = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: line2.groupId,
    });
    expect(elsewhere.statusCode).toBe(400);
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    setStatus(line1, 'gatewayOffline');
    const offline = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: line1.groupId,
    });
    expect(offline.statusCode).toBe(409);
    expect(line1.requests).toEqual([]);
    expect(await runsOf(job.id)).toEqual([]);
  });

  it('fails the run when the board does not take the file: the copy waits again, the machine stays ready', async () => {
    const file = await libraryFile(businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    line1.refuseUploads = true;
    const refused = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: line1.groupId,
    });
    expect(refused.statusCode).toBe(409);
    const history = (await t.call(CUSTOMER, 'GET', `/api/v1/print-queue/jobs/${job.id}`)).json();
    expect(history.job).toMatchObject({ state: 'waiting', copiesStarted: 0 });
    expect(history.runs).toEqual([
      expect.objectContaining({ state: 'failed', reason: 'The machine did not take the file' }),
    ]);
    line1.refuseUploads = false;
    const again = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: line1.groupId,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().copy).toBe(1);
  });

  it('starts by itself when the business wants it: on marking a machine ready, and on queueing for a ready one', async () => {
    await t.call(MANAGER, 'PUT', `/api/v1/business/${businessA}/print-queue/settings`, { autoStart: true });
    const file = await libraryFile(businessA);
    const job = await queueJob(CUSTOMER, {
      file,
      target: { machineType: prusaType, location: 'Reparto stampa' },
    });
    const ready = await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().started).toMatchObject({ job: job.id, automatic: true, state: 'printing' });

    await t.call(MANAGER, 'PUT', `/api/v1/machinegroup/${line2.groupId}/ready`);
    const next = await queueJob(CUSTOMER, { file, target: { machineGroup: line2.groupId } });
    const [run] = await runsOf(next.id);
    // Started as the manager who marked the machine ready.
    expect(run).toMatchObject({
      machineGroupId: line2.groupId,
      automatic: true,
      startedBy: await t.idOf(MANAGER),
    });
  });

  it('starts by itself on a machine marked ready while it could not print, once it turns idle', async () => {
    await t.call(MANAGER, 'PUT', `/api/v1/business/${businessA}/print-queue/settings`, { autoStart: true });
    const job = await queueJob(CUSTOMER, {
      file: await libraryFile(businessA),
      target: { machineGroup: line1.groupId },
    });
    setStatus(line1, 'halted');
    await t.modules.printQueue.follower.idle();
    const ready = await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ started: null, machine: { ready: true } });
    expect(await runsOf(job.id)).toHaveLength(0);

    // Reset at the machine: idle again, the bed still clear.
    setStatus(line1, 'idle');
    await t.modules.printQueue.follower.idle();
    expect(await runsOf(job.id)).toMatchObject([
      { machineGroupId: line1.groupId, automatic: true, startedBy: await t.idOf(CUSTOMER) },
    ]);
    expect(line1.requests.map((request) => request.path)).toEqual([
      expect.stringContaining('rr_upload'),
      expect.stringContaining('M32'),
    ]);
    // Another idle status (temperatures moved) starts nothing more.
    setStatus(line1, 'idle');
    await t.modules.printQueue.follower.idle();
    expect(await runsOf(job.id)).toHaveLength(1);
  });

  it('starts the last copy once when two machines are marked ready at the same time', async () => {
    await t.call(MANAGER, 'PUT', `/api/v1/business/${businessA}/print-queue/settings`, { autoStart: true });
    const file = await libraryFile(businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineType: prusaType } });
    const answers = await Promise.all(
      [line1, line2].map((board) => t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${board.groupId}/ready`)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const started = answers.filter((answer) => answer.json().started !== null);
    expect(started).toHaveLength(1);
    expect(await runsOf(job.id)).toHaveLength(1);
    const history = (await t.call(CUSTOMER, 'GET', `/api/v1/print-queue/jobs/${job.id}`)).json();
    expect(history.job).toMatchObject({ copiesStarted: 1, state: 'printing' });
    // The machine that started nothing is still ready.
    const loser = answers.find((answer) => answer.json().started === null)?.json().machine;
    expect(loser).toMatchObject({ ready: true, run: null });
    expect(line1.requests.length + line2.requests.length).toBe(2);
  });
});

describe('a run following its board', () => {
  async function started(copies = 1) {
    const file = await libraryFile(businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId }, copies });
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    const run = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: line1.groupId,
    });
    expect(run.statusCode, run.body).toBe(201);
    return { job, run: run.json(), boardFile: run.json().boardFile as string };
  }

  const historyOf = async (jobId: number) =>
    (await t.call(CUSTOMER, 'GET', `/api/v1/print-queue/jobs/${jobId}`)).json();

  it('pauses and finishes with the board, once however often the events come; the job is then done', async () => {
    const { job, boardFile } = await started();
    // Each status a poll apart, as the board's follower tells them: told at once, their changes could be decided
    // from the same state and the later one refused as stale (or an older status applied after a newer one).
    const status = async (state: MachineCardState) => {
      setStatus(line1, state, boardFile);
      await t.modules.printQueue.follower.idle();
    };
    await status('processing');
    await status('paused');
    expect((await historyOf(job.id)).runs[0].state).toBe('paused');
    await status('processing');
    t.clock.advance(60_000);
    transition(line1, 'jobFinished', boardFile);
    transition(line1, 'jobFinished', boardFile);
    setStatus(line1, 'idle', boardFile, true);
    await t.modules.printQueue.follower.idle();
    const history = await historyOf(job.id);
    expect(history.job).toMatchObject({ state: 'done', copiesFinished: 1 });
    expect(history.runs).toEqual([
      expect.objectContaining({ state: 'finished', endedAt: t.clock.now().toISOString() }),
    ]);
  });

  it('gives the copy back when the print is cancelled on the machine', async () => {
    const { job, boardFile } = await started();
    transition(line1, 'jobFailed', boardFile);
    await t.modules.printQueue.follower.idle();
    const history = await historyOf(job.id);
    expect(history.job).toMatchObject({ state: 'waiting', copiesStarted: 0 });
    expect(history.runs[0]).toMatchObject({
      state: 'failed',
      reason: 'The print was cancelled on the machine',
    });
  });

  it('cancels a paused copy on the board with M0, and asks for a pause while it prints', async () => {
    const { run, boardFile } = await started();
    setStatus(line1, 'processing', boardFile);
    await t.modules.printQueue.follower.idle();
    const cancel = () => t.call(CUSTOMER, 'POST', `/api/v1/print-queue/runs/${run.id}/cancel`);
    expect((await cancel()).statusCode).toBe(409);
    setStatus(line1, 'paused', boardFile);
    await t.modules.printQueue.follower.idle();
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect(line1.requests.at(-1)?.path).toContain('/rr_gcode?gcode=M0');
  });

  it('ends a run whose end it missed when the idle machine is marked ready again', async () => {
    const { job, boardFile } = await started();
    setStatus(line1, 'processing', boardFile);
    await t.modules.printQueue.follower.idle();
    expect((await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`)).statusCode).toBe(
      409,
    );
    setStatus(line1, 'idle', boardFile, true);
    await t.modules.printQueue.follower.idle();
    const ready = await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await historyOf(job.id)).runs[0].state).toBe('finished');
  });

  it('is no longer ready once the machine prints something else', async () => {
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line2.groupId}/ready`);
    setStatus(line2, 'processing', '0:/gcodes/other.gcode');
    await t.modules.printQueue.follower.idle();
    const machine = (
      await t.call(CUSTOMER, 'GET', `/api/v1/machinegroup/${line2.groupId}/print-queue`)
    ).json();
    expect(machine.machine.ready).toBe(false);
  });
});
