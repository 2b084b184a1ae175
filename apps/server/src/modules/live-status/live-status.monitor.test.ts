import type { BoardOptions } from '@portal/board-sim';
import type { MachineLiveStatus } from '@portal/contract';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../shared/clock.ts';
import { InProcessBus } from '../../shared/cluster-bus.ts';
import {
  connectSimulatedBoard,
  printFor,
  type TunnelledBoard,
  writeSlicedFile,
} from '../../test/simulated-board.ts';
import { InProcessTunnelRegistry } from '../gateway/tunnel-registry.ts';
import { LiveStatusMonitor } from './live-status.monitor.ts';
import { InProcessMachineEvents, type MachineEvent, type MachineTransition } from './machine-events.ts';

const GROUP_ID = 42;
let registry: InProcessTunnelRegistry;
let events: InProcessMachineEvents;
let monitor: LiveStatusMonitor;
const seen: MachineEvent[] = [];
const open: TunnelledBoard[] = [];
let nextController = 1;
/** Controllers whose tunnels another instance of the deployment holds, as the test says. */
const elsewhere = new Set<number>();

beforeAll(async () => {
  registry = new InProcessTunnelRegistry();
  events = new InProcessMachineEvents();
  events.subscribe((event) => seen.push(event));
  monitor = new LiveStatusMonitor({
    tunnels: registry,
    // The deployment: this instance's tunnels, and those a test says another instance holds.
    presence: { isOnline: (controllerId) => elsewhere.has(controllerId) || registry.isOnline(controllerId) },
    bus: new InProcessBus(),
    events,
    clock: systemClock,
    // A request to the simulator crosses a real loopback hop in this busy process: allow it a second.
    timing: { pollMs: 20, request: { waitMs: 1_000, timeoutMs: 1_000, maxBytes: 1024 * 1024 } },
    groupOf: async () => GROUP_ID,
  });
  monitor.start(pino({ level: 'silent' }));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((board) => board.close()));
});

afterAll(() => monitor.stop());

/** A simulated board on a gateway of its own controller, connected; named 'fake-board' unless `options` name it. */
async function connected(options: BoardOptions = {}) {
  const controllerId = nextController++;
  const board = await connectSimulatedBoard(registry, controllerId, { name: 'fake-board', ...options });
  open.push(board);
  return { controllerId, board };
}

const STAFFA = '0:/gcodes/staffa.gcode';

const statusesOf = (controllerId: number): MachineLiveStatus[] =>
  seen.flatMap((event) =>
    event.type === 'status' && event.controllerId === controllerId ? [event.status] : [],
  );
const transitionsOf = (controllerId: number): MachineTransition[] =>
  seen.flatMap((event) =>
    event.type !== 'status' && event.type !== 'queue' && event.controllerId === controllerId ? [event] : [],
  );

/** Waits until the controller's latest status matches. */
async function stateOf(
  controllerId: number,
  expected: Partial<MachineLiveStatus>,
): Promise<MachineLiveStatus> {
  await vi.waitFor(() => expect(statusesOf(controllerId).at(-1)).toMatchObject(expected), { timeout: 5_000 });
  return statusesOf(controllerId).at(-1) as MachineLiveStatus;
}

describe('the live status monitor', () => {
  it('follows a standalone board from waiting to its status, name and firmware', async () => {
    const { controllerId } = await connected({ name: 'Voron', firmware: '3.5', release: '3.5.2' });
    expect(statusesOf(controllerId)[0]?.state).toBe('waiting');
    await stateOf(controllerId, { state: 'idle', boardName: 'Voron', firmwareVersion: '3.5.2', job: null });
    expect(monitor.following).toBeGreaterThanOrEqual(1);
  });

  it('re-reads the job only when its seqs counter moves, and never sends two requests at once', async () => {
    const { controllerId, board } = await connected();
    await stateOf(controllerId, { state: 'idle' });
    await vi.waitFor(() =>
      expect(board.requests.filter((path) => path === '/rr_model?flags=d99fn').length).toBeGreaterThan(5),
    );
    const jobReads = () => board.requests.filter((path) => path.startsWith('/rr_model?key=job')).length;
    expect(jobReads()).toBe(1);
    writeSlicedFile(board.board, STAFFA, { size: 4000, printSeconds: 120 });
    printFor(board.board, STAFFA, 30);
    await stateOf(controllerId, { state: 'processing' });
    expect(jobReads()).toBe(2);
    expect(board.maxInFlight).toBe(1);
  });

  it('shows a print with its progress, then announces the job finished with its machine group', async () => {
    const { controllerId, board } = await connected();
    // 30 s into a two-minute print of 4000 bytes: 1000 bytes read, 90 s left.
    writeSlicedFile(board.board, STAFFA, { size: 4000, printSeconds: 120 });
    printFor(board.board, STAFFA, 30);
    const printing = await stateOf(controllerId, { state: 'processing' });
    expect(printing.job).toMatchObject({
      fileName: '0:/gcodes/staffa.gcode',
      progress: 25,
      finished: false,
      durationSeconds: 30,
    });
    expect(printing.job?.estimatedEnd).not.toBeNull();
    board.board.advance(60_000); // 90 s in: 3000 bytes read
    await stateOf(controllerId, { job: expect.objectContaining({ progress: 75 }) });
    board.board.advance(30_000); // the print ends after its 120 s
    await stateOf(controllerId, {
      state: 'idle',
      job: {
        fileName: '0:/gcodes/staffa.gcode',
        progress: 100,
        finished: true,
        durationSeconds: 120,
        estimatedEnd: null,
        layer: null,
        layerCount: null,
        thumbnail: null,
      },
    });
    await vi.waitFor(() =>
      expect(transitionsOf(controllerId)).toEqual([
        expect.objectContaining({
          type: 'jobFinished',
          machineGroupId: GROUP_ID,
          fileName: '0:/gcodes/staffa.gcode',
        }),
      ]),
    );
  });

  it('announces a halt once', async () => {
    const { controllerId, board } = await connected();
    await stateOf(controllerId, { state: 'idle' });
    void board.board.runGcode('M112');
    await stateOf(controllerId, { state: 'halted' });
    await vi.waitFor(() =>
      expect(transitionsOf(controllerId).map((event) => event.type)).toEqual(['halted']),
    );
  });

  it("shows the board offline on the gateway's 503 or 504, and recovers", async () => {
    const { controllerId, board } = await connected();
    await stateOf(controllerId, { state: 'idle' });
    board.board.faults.offline = true; // the gateway answers 503 board-unreachable
    await stateOf(controllerId, { state: 'boardOffline', job: null });
    board.gatewayAnswer = { status: 504, gateway: 'board-timeout' };
    const served = board.requests.length;
    await vi.waitFor(() => expect(board.requests.length).toBeGreaterThan(served + 2));
    expect(statusesOf(controllerId).at(-1)?.state).toBe('boardOffline');
    board.board.faults.offline = false;
    board.gatewayAnswer = null;
    await stateOf(controllerId, { state: 'idle' });
    await vi.waitFor(() =>
      expect(transitionsOf(controllerId).map((event) => event.type)).toEqual(['boardOffline', 'boardOnline']),
    );
  });

  it('shows the board offline when it does not answer in time', async () => {
    const { controllerId, board } = await connected({ initial: 'printing' });
    await stateOf(controllerId, { state: 'processing' });
    board.board.faults.stall = true;
    await stateOf(controllerId, { state: 'boardOffline', job: null });
  });

  it('shows the gateway offline on any other error, with the job reset', async () => {
    const { controllerId, board } = await connected({ initial: 'printing' });
    await stateOf(controllerId, { state: 'processing' });
    board.gatewayAnswer = { status: 500 };
    await stateOf(controllerId, { state: 'gatewayOffline', job: null });
  });

  it('reads an SBC board (rr_model answers 404) from DSF only, from then on', async () => {
    // DSF 3.4 (every rr_* is a 404), paused a quarter into a print of 200 bytes.
    const { controllerId, board } = await connected({ mode: 'sbc', firmware: '3.4' });
    writeSlicedFile(board.board, '0:/gcodes/x.gcode', { size: 200, printSeconds: 100 });
    printFor(board.board, '0:/gcodes/x.gcode', 25);
    void board.board.runGcode('M25');
    board.board.advance(2_000); // pausing parks the head first
    const paused = await stateOf(controllerId, { state: 'paused', firmwareVersion: '3.4.6' });
    expect(paused.job).toMatchObject({ fileName: '0:/gcodes/x.gcode', progress: 25 });
    await vi.waitFor(() => expect(board.requests.length).toBeGreaterThan(5));
    expect(board.requests.filter((path) => path.startsWith('/rr_model'))).toEqual(['/rr_model?flags=d99fn']);
  });

  it('reads a DSF 3.5+ board, whose emulated rr_model has no seqs, from DSF', async () => {
    const { controllerId, board } = await connected({
      mode: 'sbc',
      firmware: '3.6',
      initial: 'simulating',
      name: 'sbc-board',
    });
    await stateOf(controllerId, { state: 'simulating', boardName: 'sbc-board' });
    await vi.waitFor(() =>
      expect(board.requests.filter((path) => path === '/machine/status').length).toBeGreaterThan(3),
    );
    expect(board.requests.filter((path) => path.startsWith('/rr_model'))).toHaveLength(1);
  });

  it('shows the gateway offline, and announces it, when its tunnel closes; then stops following it', async () => {
    const { controllerId, board } = await connected();
    await stateOf(controllerId, { state: 'idle' });
    const before = monitor.following;
    open.splice(open.indexOf(board), 1);
    await board.close();
    await stateOf(controllerId, { state: 'gatewayOffline', job: null, boardName: 'fake-board' });
    expect(monitor.following).toBe(before - 1);
    await vi.waitFor(() =>
      expect(transitionsOf(controllerId).map((event) => event.type)).toEqual(['gatewayOffline']),
    );
  });
});

describe('the live status monitor of one instance among several', () => {
  it('follows a board whose tunnel moved here on from where it was: no offline, no waiting, nothing announced', async () => {
    const { controllerId: moved, board } = await connected();
    await stateOf(moved, { state: 'idle' });
    // The tunnel leaves for another instance, and comes back here.
    elsewhere.add(moved);
    open.splice(open.indexOf(board), 1);
    await board.close();
    await vi.waitFor(() => expect(monitor.following).toBe(open.length));
    const before = statusesOf(moved).length;
    const again = await connectSimulatedBoard(registry, moved, { name: 'fake-board' });
    open.push(again);
    elsewhere.delete(moved);
    await vi.waitFor(() =>
      expect(again.requests.filter((path) => path.startsWith('/rr_model')).length).toBeGreaterThan(3),
    );
    // Still idle as it was: never "gateway offline" or "waiting" (a reading of the same idle board may still be
    // published while the old follower's last poll ends: seen once in CI, so only the states are compared).
    expect(
      statusesOf(moved)
        .slice(before)
        .map((status) => status.state),
    ).not.toContain('gatewayOffline');
    expect(
      new Set(
        statusesOf(moved)
          .slice(before)
          .map((status) => status.state),
      ),
    ).toEqual(new Set(statusesOf(moved).slice(before).length > 0 ? ['idle'] : []));
    expect(transitionsOf(moved)).toEqual([]);
  });

  it("announces a dead holder's machine offline once, and not while another instance holds it", async () => {
    const controllerId = nextController++;
    events.emit({ type: 'status', controllerId, at: new Date().toISOString(), status: idle('Lost') });
    elsewhere.add(controllerId);
    await monitor.holderLost(controllerId, 1);
    expect(statusesOf(controllerId).map((status) => status.state)).toEqual(['idle']);
    elsewhere.delete(controllerId);
    await monitor.holderLost(controllerId, 1);
    await monitor.holderLost(controllerId, 1);
    expect(statusesOf(controllerId).map((status) => status.state)).toEqual(['idle', 'gatewayOffline']);
    expect(statusesOf(controllerId).at(-1)?.boardName).toBe('Lost');
    expect(transitionsOf(controllerId).map((event) => event.type)).toEqual(['gatewayOffline']);
  });
});

/** An idle machine's status, as another instance's follower would have published it. */
function idle(boardName: string): MachineLiveStatus {
  return {
    state: 'idle',
    job: null,
    heaters: [],
    boardName,
    firmwareVersion: '3.6.0',
    updatedAt: new Date().toISOString(),
  };
}
