import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import {
  CUSTOMER,
  GCODE,
  MANAGER,
  PRINT_QUEUE_TEST_CONFIG,
  usePrintQueueFixtures,
} from '../../test/print-queue-fixtures.ts';

// Starting a queued job, by hand and by itself, and its run following the board (docs/design.md §14).
const t = useTestApp(PRINT_QUEUE_TEST_CONFIG);
const demo = usePrintQueueFixtures(t);
const { line1, line2, elsewhere, libraryFile, setStatus, transition, queueJob, runsOf } = demo;

describe('starting a queued job', () => {
  it('starts it now on a ready, idle machine: the file to 0:/gcodes/queue and M32, as the person', async () => {
    const file = await libraryFile(demo.businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineType: demo.prusaType }, copies: 2 });
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
    const file = await libraryFile(demo.businessA);
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
    const file = await libraryFile(demo.businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    line1.fault = 'refusesUploads';
    const refused = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: line1.groupId,
    });
    expect(refused.statusCode).toBe(409);
    const history = (await t.call(CUSTOMER, 'GET', `/api/v1/print-queue/jobs/${job.id}`)).json();
    expect(history.job).toMatchObject({ state: 'waiting', copiesStarted: 0 });
    expect(history.runs).toEqual([
      expect.objectContaining({ state: 'failed', reason: 'fileRefused', startError: null }),
    ]);
    line1.fault = null;
    const again = await t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: line1.groupId,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().copy).toBe(1);
  });

  it('keeps why a start failed as codes: the print not started by the machine, the board out of reach', async () => {
    const file = await libraryFile(demo.businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineGroup: line1.groupId } });
    const startNow = async () => {
      await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
      return t.call(CUSTOMER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
        machineGroup: line1.groupId,
      });
    };
    line1.fault = 'refusesGcode';
    expect((await startNow()).statusCode).toBe(409);
    line1.fault = 'unreachable';
    const unreachable = await startNow();
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.json().code).toBe('BOARD_OFFLINE');
    const history = (await t.call(CUSTOMER, 'GET', `/api/v1/print-queue/jobs/${job.id}`)).json();
    expect(
      history.runs.map((run: { state: string; reason: string; startError: string | null }) => [
        run.state,
        run.reason,
        run.startError,
      ]),
    ).toEqual([
      ['failed', 'startRefused', null],
      ['failed', 'notStarted', 'BOARD_OFFLINE'],
    ]);
  });

  it('starts by itself when the business wants it: on marking a machine ready, and on queueing for a ready one', async () => {
    await t.call(MANAGER, 'PUT', `/api/v1/business/${demo.businessA}/print-queue/settings`, {
      autoStart: true,
    });
    const file = await libraryFile(demo.businessA);
    const job = await queueJob(CUSTOMER, {
      file,
      target: { machineType: demo.prusaType, location: 'Reparto stampa' },
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
    await t.call(MANAGER, 'PUT', `/api/v1/business/${demo.businessA}/print-queue/settings`, {
      autoStart: true,
    });
    const job = await queueJob(CUSTOMER, {
      file: await libraryFile(demo.businessA),
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
    await t.call(MANAGER, 'PUT', `/api/v1/business/${demo.businessA}/print-queue/settings`, {
      autoStart: true,
    });
    const file = await libraryFile(demo.businessA);
    const job = await queueJob(CUSTOMER, { file, target: { machineType: demo.prusaType } });
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

describe('a job for a machine type at one location', () => {
  const atPrintShop = async () =>
    queueJob(MANAGER, {
      file: await libraryFile(demo.businessA),
      target: { machineType: demo.prusaType, location: 'Reparto stampa' },
    });

  it('is refused on a machine of that type elsewhere, as a field of the request, sending nothing', async () => {
    const job = await atPrintShop();
    expect((await t.call(MANAGER, 'PUT', `/api/v1/machinegroup/${elsewhere.groupId}/ready`)).statusCode).toBe(
      200,
    );
    const refused = await t.call(MANAGER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: elsewhere.groupId,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { machineGroup: ['invalidChoice'] },
    });
    expect(await runsOf(job.id)).toEqual([]);
    expect(elsewhere.requests).toEqual([]);
    // The machine keeps its mark, and the job starts on one at its location.
    const machine = await t.call(MANAGER, 'GET', `/api/v1/machinegroup/${elsewhere.groupId}/print-queue`);
    expect(machine.json()).toMatchObject({ machine: { ready: true }, jobs: [] });
    await t.call(MANAGER, 'PUT', `/api/v1/machinegroup/${line1.groupId}/ready`);
    const started = await t.call(MANAGER, 'POST', `/api/v1/print-queue/jobs/${job.id}/start`, {
      machineGroup: line1.groupId,
    });
    expect(started.statusCode, started.body).toBe(201);
  });

  it('is passed over by the automatic start of a ready machine elsewhere, which takes the next job it may print', async () => {
    await t.call(MANAGER, 'PUT', `/api/v1/business/${demo.businessA}/print-queue/settings`, {
      autoStart: true,
    });
    const located = await atPrintShop();
    const anywhere = await queueJob(MANAGER, {
      file: await libraryFile(demo.businessA),
      target: { machineType: demo.prusaType },
    });
    const ready = await t.call(MANAGER, 'PUT', `/api/v1/machinegroup/${elsewhere.groupId}/ready`);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().started).toMatchObject({ job: anywhere.id, machineGroup: elsewhere.groupId });
    expect(await runsOf(located.id)).toEqual([]);
    expect(elsewhere.requests.map((request) => request.path)).toEqual([
      expect.stringContaining(`rr_upload?name=0:/gcodes/queue/${anywhere.fileName}`),
      expect.stringContaining('M32'),
    ]);
  });
});

describe('a run following its board', () => {
  async function started(copies = 1) {
    const file = await libraryFile(demo.businessA);
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
    // Told one right after the other: each applies once the one heard before it has.
    setStatus(line1, 'processing', boardFile);
    setStatus(line1, 'paused', boardFile);
    await t.modules.printQueue.follower.idle();
    expect((await historyOf(job.id)).runs[0].state).toBe('paused');
    setStatus(line1, 'processing', boardFile);
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

  /**
   * The repository answers the follower's next `groupOfController` (a status event's first read) only once the
   * test calls `answer`, as a slow database would; `applying` records each event the follower starts applying.
   */
  function slowFirstRead() {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { repository, follower } = t.modules.printQueue;
    const groupOfController = repository.groupOfController.bind(repository);
    const read = vi.spyOn(repository, 'groupOfController').mockImplementationOnce(async (controllerId) => {
      await answered;
      return groupOfController(controllerId);
    });
    const applying = vi.spyOn(follower, 'onMachineEvent');
    const restore = () => {
      read.mockRestore();
      applying.mockRestore();
    };
    return { answer, applying, restore };
  }

  /** Resolves at the next `queue` machine event (a run or a mark changed). */
  const nextQueueChange = () =>
    new Promise<void>((resolve) => {
      const unsubscribe = t.modules.liveStatus.events.subscribe((event) => {
        if (event.type !== 'queue') return;
        unsubscribe();
        resolve();
      });
    });

  it("applies a machine's events in the order heard, even when the first one's read answers last", async () => {
    const { job, boardFile } = await started();
    const slow = slowFirstRead();
    try {
      setStatus(line1, 'paused', boardFile);
      setStatus(line1, 'processing', boardFile);
      // The later status, if it is being applied already, is done before the earlier one's read answers.
      await Promise.all(slow.applying.mock.results.slice(1).map((result) => result.value));
      slow.answer();
      await t.modules.printQueue.follower.idle();
    } finally {
      slow.restore();
    }
    // Resumed: the pause heard before cannot undo it.
    expect((await historyOf(job.id)).runs[0].state).toBe('printing');
  });

  it("applies another machine's events while one machine's event waits for the database", async () => {
    const { job, boardFile } = await started();
    await t.call(CUSTOMER, 'PUT', `/api/v1/machinegroup/${line2.groupId}/ready`);
    const slow = slowFirstRead();
    try {
      setStatus(line1, 'paused', boardFile);
      const line2Unmarked = nextQueueChange();
      setStatus(line2, 'processing', '0:/gcodes/other.gcode');
      await line2Unmarked;
      const line2Queue = await t.call(CUSTOMER, 'GET', `/api/v1/machinegroup/${line2.groupId}/print-queue`);
      expect(line2Queue.json().machine.ready).toBe(false);
      expect((await historyOf(job.id)).runs[0].state).toBe('printing');
      slow.answer();
      await t.modules.printQueue.follower.idle();
    } finally {
      slow.restore();
    }
    expect((await historyOf(job.id)).runs[0].state).toBe('paused');
  });

  it("applies a machine's next event after one that failed", async () => {
    const { job, boardFile } = await started();
    const { repository } = t.modules.printQueue;
    const read = vi
      .spyOn(repository, 'groupOfController')
      .mockRejectedValueOnce(new Error('the database went away'));
    try {
      // The halt is lost (warned about); the pause after it still applies.
      setStatus(line1, 'halted');
      setStatus(line1, 'paused', boardFile);
      await t.modules.printQueue.follower.idle();
    } finally {
      read.mockRestore();
    }
    expect((await historyOf(job.id)).runs[0].state).toBe('paused');
  });

  it('gives the copy back when the print is cancelled on the machine', async () => {
    const { job, boardFile } = await started();
    transition(line1, 'jobFailed', boardFile);
    await t.modules.printQueue.follower.idle();
    const history = await historyOf(job.id);
    expect(history.job).toMatchObject({ state: 'waiting', copiesStarted: 0 });
    expect(history.runs[0]).toMatchObject({
      state: 'failed',
      reason: 'cancelledOnMachine',
      startError: null,
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
