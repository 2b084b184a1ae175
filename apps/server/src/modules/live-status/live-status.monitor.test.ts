import type { MachineLiveStatus } from '@portal/contract';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../shared/clock.ts';
import { connectFakeGateway, type FakeGateway } from '../../test/fake-gateway.ts';
import { InProcessTunnelRegistry } from '../gateway/tunnel-registry.ts';
import { LiveStatusMonitor } from './live-status.monitor.ts';
import { FakeBoard } from './live-status.test-support.ts';
import { InProcessMachineEvents, type MachineEvent, type MachineTransition } from './machine-events.ts';

const GROUP_ID = 42;
let registry: InProcessTunnelRegistry;
let events: InProcessMachineEvents;
let monitor: LiveStatusMonitor;
const seen: MachineEvent[] = [];
const open: FakeGateway[] = [];
let nextController = 1;

beforeAll(async () => {
  registry = new InProcessTunnelRegistry();
  events = new InProcessMachineEvents();
  events.subscribe((event) => seen.push(event));
  monitor = new LiveStatusMonitor({
    tunnels: registry,
    events,
    clock: systemClock,
    timing: { pollMs: 20, request: { waitMs: 1_000, timeoutMs: 300, maxBytes: 1024 * 1024 } },
    groupOf: async () => GROUP_ID,
  });
  monitor.start(pino({ level: 'silent' }));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((gateway) => gateway.disconnect()));
});

afterAll(() => monitor.stop());

/** A board on a gateway of its own controller, connected. */
async function connected(board: FakeBoard) {
  const controllerId = nextController++;
  const gateway = await connectFakeGateway(registry, controllerId, board.handler);
  open.push(gateway);
  return { controllerId, gateway };
}

const statusesOf = (controllerId: number): MachineLiveStatus[] =>
  seen.flatMap((event) =>
    event.type === 'status' && event.controllerId === controllerId ? [event.status] : [],
  );
const transitionsOf = (controllerId: number): MachineTransition[] =>
  seen.flatMap((event) => (event.type !== 'status' && event.controllerId === controllerId ? [event] : []));

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
    const { controllerId } = await connected(
      new FakeBoard('standalone', { name: 'Voron', firmwareVersion: '3.5.2' }),
    );
    expect(statusesOf(controllerId)[0]?.state).toBe('waiting');
    await stateOf(controllerId, { state: 'idle', boardName: 'Voron', firmwareVersion: '3.5.2', job: null });
    expect(monitor.following).toBeGreaterThanOrEqual(1);
  });

  it('re-reads the job only when its seqs counter moves, and never sends two requests at once', async () => {
    const board = new FakeBoard();
    const { controllerId } = await connected(board);
    await stateOf(controllerId, { state: 'idle' });
    await vi.waitFor(() =>
      expect(board.requests.filter((path) => path === '/rr_model?flags=d99fn').length).toBeGreaterThan(5),
    );
    const jobReads = () => board.requests.filter((path) => path.startsWith('/rr_model?key=job')).length;
    expect(jobReads()).toBe(1);
    board.set({
      status: 'processing',
      fileName: '0:/gcodes/staffa.gcode',
      size: 4000,
      filePosition: 1000,
      duration: 30,
    });
    await stateOf(controllerId, { state: 'processing' });
    expect(jobReads()).toBe(2);
    expect(board.maxInFlight).toBe(1);
  });

  it('shows a print with its progress, then announces the job finished with its machine group', async () => {
    const board = new FakeBoard();
    const { controllerId } = await connected(board);
    board.set({
      status: 'processing',
      fileName: '0:/gcodes/staffa.gcode',
      size: 4000,
      filePosition: 1000,
      duration: 30,
      timeLeft: 90,
    });
    const printing = await stateOf(controllerId, { state: 'processing' });
    expect(printing.job).toMatchObject({
      fileName: '0:/gcodes/staffa.gcode',
      progress: 25,
      finished: false,
      durationSeconds: 30,
    });
    expect(printing.job?.estimatedEnd).not.toBeNull();
    board.set({ filePosition: 3000, duration: 60 });
    await stateOf(controllerId, { job: expect.objectContaining({ progress: 75 }) });
    board.set({
      status: 'idle',
      fileName: null,
      size: 0,
      filePosition: 0,
      duration: null,
      lastFileName: '0:/gcodes/staffa.gcode',
      lastDuration: 120,
    });
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
    const board = new FakeBoard();
    const { controllerId } = await connected(board);
    await stateOf(controllerId, { state: 'idle' });
    board.set({ status: 'halted' });
    await stateOf(controllerId, { state: 'halted' });
    await vi.waitFor(() =>
      expect(transitionsOf(controllerId).map((event) => event.type)).toEqual(['halted']),
    );
  });

  it("shows the board offline on the gateway's 503 or 504, and recovers", async () => {
    const board = new FakeBoard();
    const { controllerId } = await connected(board);
    await stateOf(controllerId, { state: 'idle' });
    board.failWith = { status: 503, gateway: 'board-unreachable' };
    await stateOf(controllerId, { state: 'boardOffline', job: null });
    board.failWith = { status: 504, gateway: 'board-timeout' };
    const served = board.requests.length;
    await vi.waitFor(() => expect(board.requests.length).toBeGreaterThan(served + 2));
    expect(statusesOf(controllerId).at(-1)?.state).toBe('boardOffline');
    board.failWith = null;
    await stateOf(controllerId, { state: 'idle' });
    await vi.waitFor(() =>
      expect(transitionsOf(controllerId).map((event) => event.type)).toEqual(['boardOffline']),
    );
  });

  it('shows the board offline when it does not answer in time', async () => {
    const board = new FakeBoard('standalone', {
      status: 'processing',
      fileName: 'a.g',
      size: 10,
      filePosition: 5,
    });
    const { controllerId } = await connected(board);
    await stateOf(controllerId, { state: 'processing' });
    board.stall = true;
    await stateOf(controllerId, { state: 'boardOffline', job: null });
  });

  it('shows the gateway offline on any other error, with the job reset', async () => {
    const board = new FakeBoard('standalone', {
      status: 'processing',
      fileName: 'a.g',
      size: 10,
      filePosition: 5,
    });
    const { controllerId } = await connected(board);
    await stateOf(controllerId, { state: 'processing' });
    board.failWith = { status: 500 };
    await stateOf(controllerId, { state: 'gatewayOffline', job: null });
  });

  it('reads an SBC board (rr_model answers 404) from DSF only, from then on', async () => {
    const board = new FakeBoard('sbc', {
      status: 'paused',
      fileName: '0:/gcodes/x.gcode',
      size: 200,
      filePosition: 50,
      firmwareVersion: '3.4.6',
    });
    const { controllerId } = await connected(board);
    const paused = await stateOf(controllerId, { state: 'paused', firmwareVersion: '3.4.6' });
    expect(paused.job).toMatchObject({ fileName: '0:/gcodes/x.gcode', progress: 25 });
    await vi.waitFor(() => expect(board.requests.length).toBeGreaterThan(5));
    expect(board.requests.filter((path) => path.startsWith('/rr_model'))).toEqual(['/rr_model?flags=d99fn']);
  });

  it('reads a DSF 3.5+ board, whose emulated rr_model has no seqs, from DSF', async () => {
    const board = new FakeBoard('sbc-emulating', { status: 'simulating', name: 'sbc-board' });
    const { controllerId } = await connected(board);
    await stateOf(controllerId, { state: 'simulating', boardName: 'sbc-board' });
    await vi.waitFor(() =>
      expect(board.requests.filter((path) => path === '/machine/status').length).toBeGreaterThan(3),
    );
    expect(board.requests.filter((path) => path.startsWith('/rr_model'))).toHaveLength(1);
  });

  it('shows the gateway offline, and announces it, when its tunnel closes; then stops following it', async () => {
    const board = new FakeBoard();
    const { controllerId, gateway } = await connected(board);
    await stateOf(controllerId, { state: 'idle' });
    const before = monitor.following;
    open.splice(open.indexOf(gateway), 1);
    await gateway.disconnect();
    await stateOf(controllerId, { state: 'gatewayOffline', job: null, boardName: 'fake-board' });
    expect(monitor.following).toBe(before - 1);
    await vi.waitFor(() =>
      expect(transitionsOf(controllerId).map((event) => event.type)).toEqual(['gatewayOffline']),
    );
  });
});
