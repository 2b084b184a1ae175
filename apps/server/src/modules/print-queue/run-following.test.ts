import type { MachineCardState, MachineLiveStatus, QueueRunState } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { MachineTransition } from '../live-status/machine-events.ts';
import {
  boardFileOf,
  cancelPlan,
  followStatus,
  followTransition,
  START_LOST_AFTER_MS,
  settleOnReady,
} from './run-following.ts';

const STARTED = new Date('2026-11-28T09:00:00.000Z');
const LATER = new Date('2026-11-28T10:00:00.000Z');
const FILE = boardFileOf('staffa.gcode');

const run = (state: QueueRunState, startedAt = STARTED) => ({ state, boardFile: FILE, startedAt });

function status(
  state: MachineCardState,
  job: { fileName?: string; finished?: boolean; progress?: number | null } | null = null,
): MachineLiveStatus {
  return {
    state,
    job: job && {
      fileName: job.fileName ?? FILE,
      progress: job.progress ?? 50,
      finished: job.finished ?? false,
      durationSeconds: 60,
      estimatedEnd: null,
      layer: null,
      layerCount: null,
      thumbnail: null,
    },
    heaters: [],
    boardName: 'Prusa',
    firmwareVersion: '3.6.1',
    updatedAt: LATER.toISOString(),
  };
}

const transition = (type: MachineTransition['type'], fileName: string | null = FILE): MachineTransition => ({
  type,
  controllerId: 1,
  machineGroupId: 1,
  at: LATER.toISOString(),
  fileName,
});

describe('a queue run following its board (docs/design.md §14)', () => {
  it('puts its file in the queue folder of the card', () => {
    expect(FILE).toBe('0:/gcodes/queue/staffa.gcode');
  });

  it('prints once the board runs its file, and pauses and resumes with it', () => {
    expect(followStatus(run('starting'), status('processing', {}), LATER)).toEqual({
      state: 'printing',
      endedAt: null,
      reason: null,
    });
    expect(followStatus(run('printing'), status('paused', {}), LATER)?.state).toBe('paused');
    expect(followStatus(run('printing'), status('pausing', {}), LATER)?.state).toBe('paused');
    expect(followStatus(run('paused'), status('resuming', {}), LATER)?.state).toBe('printing');
  });

  it('changes nothing when the status already says what the run is, or the board runs another file', () => {
    expect(followStatus(run('printing'), status('processing', {}), LATER)).toBeNull();
    expect(
      followStatus(run('starting'), status('processing', { fileName: '0:/gcodes/other.gcode' }), LATER),
    ).toBeNull();
    expect(followStatus(run('printing'), status('gatewayOffline'), LATER)).toBeNull();
    expect(followStatus(run('printing'), status('boardOffline'), LATER)).toBeNull();
  });

  it('fails when the machine halts, at the time of the status', () => {
    expect(followStatus(run('printing'), status('halted'), LATER)).toEqual({
      state: 'failed',
      endedAt: LATER,
      reason: 'halted',
    });
  });

  it('leaves an ended run alone, whatever the board says', () => {
    for (const state of ['finished', 'failed', 'cancelled'] as const) {
      expect(followStatus(run(state), status('halted'), LATER)).toBeNull();
      expect(followTransition(run(state), transition('jobFinished'))).toBeNull();
    }
  });

  it("ends with its file's job: finished, or failed when it was cancelled on the machine", () => {
    expect(followTransition(run('printing'), transition('jobFinished'))).toEqual({
      state: 'finished',
      endedAt: LATER,
      reason: null,
    });
    // A board that finished before any status showed it printing.
    expect(followTransition(run('starting'), transition('jobFinished'))?.state).toBe('finished');
    expect(followTransition(run('paused'), transition('jobFailed'))).toEqual({
      state: 'failed',
      endedAt: LATER,
      reason: 'cancelledOnMachine',
    });
  });

  it("ignores another file's job and other transitions", () => {
    expect(followTransition(run('printing'), transition('jobFinished', '0:/gcodes/other.gcode'))).toBeNull();
    expect(followTransition(run('printing'), transition('boardOffline', null))).toBeNull();
  });
});

describe('a run the portal saw no end of, when the machine is marked ready', () => {
  it('is finished when the idle board last finished its file whole, failed otherwise', () => {
    expect(settleOnReady(run('printing'), status('idle', { finished: true, progress: 100 }), LATER)).toEqual({
      state: 'finished',
      endedAt: LATER,
      reason: null,
    });
    expect(settleOnReady(run('printing'), status('idle', { finished: true, progress: 40 }), LATER)).toEqual({
      state: 'failed',
      endedAt: LATER,
      reason: 'endedUnseen',
    });
    expect(settleOnReady(run('paused'), status('idle'), LATER)?.state).toBe('failed');
  });

  it('stays while the board is not idle', () => {
    expect(settleOnReady(run('printing'), status('processing', {}), LATER)).toBeNull();
    expect(settleOnReady(run('printing'), status('boardOffline'), LATER)).toBeNull();
  });

  it('stays while starting, until the start is long lost', () => {
    const justNow = new Date(LATER.getTime() - START_LOST_AFTER_MS + 1);
    expect(settleOnReady(run('starting', justNow), status('idle'), LATER)).toBeNull();
    const long = new Date(LATER.getTime() - START_LOST_AFTER_MS);
    expect(settleOnReady(run('starting', long), status('idle'), LATER)?.state).toBe('failed');
  });
});

describe('cancelling a run through the queue', () => {
  it('cancels a paused print on the board, and asks for a pause first while it prints', () => {
    expect(cancelPlan(run('paused'), status('paused', {}))).toBe('sendCancel');
    expect(cancelPlan(run('printing'), status('processing', {}))).toBe('pauseFirst');
  });

  it('only marks a run that is starting or whose board no longer runs it', () => {
    expect(cancelPlan(run('starting'), status('idle'))).toBe('markOnly');
    expect(cancelPlan(run('printing'), status('idle', { finished: true }))).toBe('markOnly');
    expect(cancelPlan(run('printing'), status('gatewayOffline'))).toBe('markOnly');
  });

  it('refuses an ended run', () => {
    expect(cancelPlan(run('finished'), status('idle'))).toBe('ended');
  });
});
