import { type BoardOptions, STATISTICS_PATH } from '@portal/board-sim';
import type { MachineMaintenance, MaintenanceTask } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { machineJobs } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import {
  printFor,
  type TunnelledBoard,
  useDemoGroupBoards,
  writeSlicedFile,
} from '../../test/simulated-board.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const HEADER = 'Data,File,Durata,Filamento (mm),Esito';
const SETTLE = { timeout: 10_000 };

const t = useTestApp({ liveStatus: { follow: true, pollMs: 50 }, maintenance: { catchUpDelayMs: 50 } });
const demo = demoClient(t);
const boards = useDemoGroupBoards(t);
/** Each controller's card state, as the live status publishes it. */
const states = new Map<number, string>();

beforeAll(async () => {
  // Boards followed as the portal follows them, and the log read 50 ms after a job ends.
  t.modules.liveStatus.events.subscribe((event) => {
    if (event.type === 'status') states.set(event.controllerId, event.status.state);
  });
});

/** The board's clock, its object model's `state.time` (local, no zone), read as if it were UTC. */
const boardClock = (board: TunnelledBoard): number =>
  Date.parse(`${(board.board.model() as { state: { time: string } }).state.time}Z`);

/** A local minute as the log writes it. */
const localMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The UTC instant of a local minute on a board two hours ahead of UTC. */
const utcOf = (local: string) => new Date(Date.parse(`${local.replace(' ', 'T')}:00Z`) - 2 * HOUR);

/** Sets the portal's clock two hours behind the board's: the board keeps the time of UTC+2. */
function boardInUtcPlus2(board: TunnelledBoard): void {
  t.clock.advance(boardClock(board) - 2 * HOUR - t.clock.now().getTime());
}

const writeLog = (board: TunnelledBoard, lines: string[]) =>
  board.board.sd.write(STATISTICS_PATH, new TextEncoder().encode(`${lines.join('\n')}\n`));

const appendLog = (board: TunnelledBoard, lines: string[]) => {
  const before = new TextDecoder().decode(board.board.sd.read(STATISTICS_PATH));
  board.board.sd.write(STATISTICS_PATH, new TextEncoder().encode(`${before}${lines.join('\n')}\n`));
};

const jobsOf = (controllerId: number) =>
  t.database.db
    .select()
    .from(machineJobs)
    .where(eq(machineJobs.controllerId, controllerId))
    .orderBy(asc(machineJobs.finishedAt), asc(machineJobs.id));

/**
 * A simulated board for a demo group's controller, two hours ahead of the portal, whose log holds `lines` (made from
 * the board's clock) before its gateway dials in.
 */
async function connectGroup(
  name: string,
  lines: (boardNow: number) => string[],
  options: BoardOptions = {},
  prepare?: (board: TunnelledBoard) => void,
) {
  const { group, board } = await boards.connect(name, options, (tunnelled) => {
    boardInUtcPlus2(tunnelled);
    writeLog(tunnelled, lines(boardClock(tunnelled)));
    prepare?.(tunnelled);
  });
  return { group, board, controllerId: group.computerControllerId };
}

const catchUp = (controllerId: number) => t.modules.maintenance.catchUp.catchUp(controllerId);

describe("the catch-up from the board's statistics log", () => {
  it('records the jobs of the log when the board starts answering, in UTC, each once, whatever the zone later', async () => {
    const lines = (now: number) => [
      HEADER,
      `${localMinute(now - 3 * HOUR)},a.gcode,1h 0m 0s,1000.5,Completata`,
      '',
      `${localMinute(now - 2 * HOUR)},sub/b.gcode,1800,"2140,5",Annullata`,
      'garbage',
      `${localMinute(now - HOUR)},c.gcode,10m 0s,2140,5,Interrotta`,
      `${localMinute(now - HOUR)},c.gcode,10m 0s,2140,5,Interrotta`,
    ];
    let written: string[] = [];
    const { group, controllerId } = await connectGroup('Prusa linea 2', (now) => {
      written = lines(now);
      return written;
    });
    await vi.waitFor(async () => expect(await jobsOf(controllerId)).toHaveLength(3), SETTLE);
    const local = written.filter((line) => /^\d{4}-/.test(line)).map((line) => line.slice(0, 16));
    expect(
      (await jobsOf(controllerId)).map(({ id: _, ...job }) => ({
        ...job,
        finishedAt: job.finishedAt.toISOString(),
      })),
    ).toEqual([
      {
        controllerId,
        machineGroupId: group.id,
        finishedAt: utcOf(local[0] as string).toISOString(),
        fileName: '0:/gcodes/a.gcode',
        printSeconds: 3600,
        filamentMm: 1000.5,
        outcome: 'completed',
        source: 'statistics',
        boardLocalAt: `${local[0]}:00`,
      },
      {
        controllerId,
        machineGroupId: group.id,
        finishedAt: utcOf(local[1] as string).toISOString(),
        fileName: '0:/gcodes/sub/b.gcode',
        printSeconds: 1800,
        filamentMm: 2140.5,
        outcome: 'cancelled',
        source: 'statistics',
        boardLocalAt: `${local[1]}:00`,
      },
      {
        controllerId,
        machineGroupId: group.id,
        finishedAt: utcOf(local[2] as string).toISOString(),
        fileName: '0:/gcodes/c.gcode',
        printSeconds: 600,
        filamentMm: 2140.5,
        outcome: 'interrupted',
        source: 'statistics',
        boardLocalAt: `${local[2]}:00`,
      },
    ]);

    // Read again: nothing new. Read an hour later in the board's terms (daylight saving): still nothing new.
    expect(await catchUp(controllerId)).toEqual({
      kind: 'read',
      offsetMs: 2 * HOUR,
      rows: 4,
      skipped: 1,
      recorded: { matched: 0, inserted: 0, known: 0 },
      machineGroupId: null,
    });
    t.clock.advance(-HOUR);
    expect(await catchUp(controllerId)).toMatchObject({ kind: 'read', offsetMs: 3 * HOUR });
    t.clock.advance(HOUR);
    expect(await jobsOf(controllerId)).toHaveLength(3);

    // The counters read them: a new task of the group's plan, never done, counts every job of the group.
    const created = await demo.call('admin@demo.test', 'POST', '/api/v1/maintenance/tasks', {
      machineType: group.machineTypeId,
      name: 'Catch-up counters',
      everyJobs: 1000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json() as MaintenanceTask;
    const state = (
      (
        await demo.call('admin@demo.test', 'GET', `/api/v1/machinegroup/${group.id}/maintenance`)
      ).json() as MachineMaintenance
    ).tasks.find((item) => item.task.id === task.id);
    expect(state?.counters).toMatchObject({ jobs: 3, hours: 1.67, metres: 5.28 });
  });

  it('completes a live job of the same file within a minute, and counts a job the log told first only once', async () => {
    const { group, controllerId, board } = await connectGroup('Prusa laboratorio', () => [HEADER], {
      firmware: '3.4',
    });
    // The live job, as the live status tells it when the board turns idle.
    const at = t.clock.now();
    t.modules.liveStatus.events.emit({
      type: 'jobFinished',
      controllerId,
      machineGroupId: group.id,
      at: at.toISOString(),
      fileName: '0:/gcodes/live.gcode',
      durationSeconds: 1200,
    });
    await vi.waitFor(async () => expect(await jobsOf(controllerId)).toHaveLength(1), SETTLE);
    await t.modules.maintenance.catchUp.idle();

    // Its line, written a minute later on the board's clock; another job of the file three minutes later.
    const boardNow = at.getTime() + 2 * HOUR;
    appendLog(board, [
      `${localMinute(boardNow + MINUTE)},live.gcode,20m 3s,850.0,Completata`,
      `${localMinute(boardNow + 3 * MINUTE)},live.gcode,20m 5s,851.0,Completata`,
    ]);
    expect(await catchUp(controllerId)).toMatchObject({
      kind: 'read',
      recorded: { matched: 1, inserted: 1, known: 0 },
      machineGroupId: group.id,
    });
    const [live, other] = await jobsOf(controllerId);
    expect(live).toMatchObject({
      source: 'live',
      fileName: '0:/gcodes/live.gcode',
      printSeconds: 1200,
      filamentMm: 850,
      outcome: 'completed',
      boardLocalAt: `${localMinute(boardNow + MINUTE)}:00`,
    });
    expect(other).toMatchObject({ source: 'statistics', filamentMm: 851, printSeconds: 1205 });

    // A job the log tells before the live status does (the gateway came back as it ended): the live one is the same.
    appendLog(board, [`${localMinute(boardNow + 10 * MINUTE)},late.gcode,5m 0s,100.0,Completata`]);
    // Read here, or already by a reading the follower started (a board answering again after a missed poll).
    expect(await catchUp(controllerId)).toMatchObject({ kind: 'read', recorded: { matched: 0 } });
    expect(
      (await jobsOf(controllerId)).filter((job) => job.fileName === '0:/gcodes/late.gcode'),
    ).toMatchObject([{ source: 'statistics', printSeconds: 300 }]);
    expect(
      await t.modules.maintenance.service.recordFinishedJob({
        type: 'jobFinished',
        controllerId,
        machineGroupId: group.id,
        at: new Date(at.getTime() + 10 * MINUTE + 40_000).toISOString(),
        fileName: '0:/gcodes/late.gcode',
        durationSeconds: 300,
      }),
    ).toBe(false);
    expect((await jobsOf(controllerId)).map((job) => job.fileName)).toEqual([
      '0:/gcodes/live.gcode',
      '0:/gcodes/live.gcode',
      '0:/gcodes/late.gcode',
    ]);
  });

  it('reads the log a little after each job the live status saw finish, completing that job', async () => {
    const { controllerId, board } = await connectGroup('Prusa linea 1', () => [HEADER]);
    // The reading a board gets as it starts answering is done before the print, so only the finish reads the log.
    await vi.waitFor(() => expect(states.get(controllerId)).toBe('idle'), SETTLE);
    await t.modules.maintenance.catchUp.idle();
    writeSlicedFile(board.board, '0:/gcodes/short.gcode', { size: 4000, printSeconds: 120 });
    boardInUtcPlus2(board);
    printFor(board.board, '0:/gcodes/short.gcode', 30);
    await vi.waitFor(() => expect(states.get(controllerId)).toBe('processing'), SETTLE);
    board.board.advance(100_000); // the print ends: the board writes its line, the status turns idle
    await vi.waitFor(async () => {
      const [job] = await jobsOf(controllerId);
      expect(job).toMatchObject({
        source: 'live',
        fileName: '0:/gcodes/short.gcode',
        outcome: 'completed',
        boardLocalAt: expect.any(String),
      });
      expect(job?.filamentMm).not.toBeNull();
    }, SETTLE);
    expect(await jobsOf(controllerId)).toHaveLength(1);
  });

  it('reads an SBC board through DSF, which has no rr_ calls', async () => {
    const { controllerId, board } = await connectGroup(
      'Cella pallet B',
      (now) => [HEADER, `${localMinute(now - HOUR)},pallet.gcode,2m 0s,0,Completata`],
      { mode: 'sbc', firmware: '3.4' },
    );
    await vi.waitFor(async () => expect(await jobsOf(controllerId)).toHaveLength(1), SETTLE);
    expect(board.requests).toContain('/machine/file/sys/Statistiche/statistiche_v1.csv');
    expect((await jobsOf(controllerId))[0]).toMatchObject({
      fileName: '0:/gcodes/pallet.gcode',
      filamentMm: 0,
    });
  });

  it('records nothing without a log, without a usable clock, or without the board, and reads it once back', async () => {
    const { controllerId, board } = await connectGroup(
      'Modix grande formato',
      () => [HEADER],
      {},
      (tunnelled) => tunnelled.board.sd.delete(STATISTICS_PATH),
    );
    await t.modules.maintenance.catchUp.idle();
    expect(await catchUp(controllerId)).toEqual({ kind: 'missing' });

    // A clock 20 hours off the portal's is wrong, not in another zone.
    writeLog(board, [HEADER, `${localMinute(boardClock(board) - HOUR)},x.gcode,60,1.0,Completata`]);
    t.clock.advance(18 * HOUR);
    expect(await catchUp(controllerId)).toMatchObject({ kind: 'noClock' });
    t.clock.advance(-18 * HOUR);

    board.gatewayAnswer = { status: 503, gateway: 'board-unreachable' };
    expect(await catchUp(controllerId)).toEqual({ kind: 'boardOffline' });
    await vi.waitFor(() => expect(states.get(controllerId)).toBe('boardOffline'), SETTLE);
    expect(await jobsOf(controllerId)).toEqual([]);
    // The board answers again: its log is read at once.
    board.gatewayAnswer = null;
    await vi.waitFor(
      async () =>
        expect((await jobsOf(controllerId)).map((job) => job.fileName)).toEqual(['0:/gcodes/x.gcode']),
      SETTLE,
    );

    const voron = await demo.group('Voron prototipi');
    expect(await catchUp(voron.computerControllerId)).toEqual({ kind: 'gatewayOffline' });
  });
});
