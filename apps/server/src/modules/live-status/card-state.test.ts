import type { MachineLiveStatus } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { BoardJob, BoardReading } from '../board-client/board-client.ts';
import { currentStatus, deriveLiveStatus, statusChanged } from './card-state.ts';
import { transitionsBetween } from './machine-events.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const IDENTITY = { boardName: 'Prusa 1', firmwareVersion: '3.5.1' };
const NO_JOB: BoardJob = {
  fileName: null,
  fileSize: null,
  filePosition: null,
  duration: null,
  timeLeftFile: null,
  timeLeftSlicer: null,
  lastFileName: null,
  lastDuration: null,
  layer: null,
  layerCount: null,
  thumbnail: null,
};
const reading = (status: string, job: Partial<BoardJob> = {}): BoardReading => ({
  status,
  job: { ...NO_JOB, ...job },
  heaters: [],
});
const read = (status: string, job: Partial<BoardJob> = {}) =>
  deriveLiveStatus({ kind: 'read', reading: reading(status, job) }, IDENTITY, NOW);
const failedWith = (failure: Parameters<typeof deriveLiveStatus>[0] & { kind: 'failed' }) =>
  deriveLiveStatus(failure, IDENTITY, NOW);

describe('the card state (docs/product.md §4, connection flow)', () => {
  it('is waiting until the board first answers, and gateway offline without a tunnel', () => {
    expect(deriveLiveStatus({ kind: 'waiting' }, IDENTITY, NOW)).toMatchObject({
      state: 'waiting',
      job: null,
    });
    expect(deriveLiveStatus({ kind: 'gatewayOffline' }, IDENTITY, NOW)).toMatchObject({
      state: 'gatewayOffline',
      job: null,
    });
  });

  it('shows the controller status the board reports', () => {
    for (const status of ['idle', 'processing', 'paused', 'halted', 'simulating', 'changingTool', 'off']) {
      expect(read(status).state).toBe(status);
    }
  });

  it('shows a status newer firmware adds as busy', () => {
    expect(read('levitating').state).toBe('busy');
  });

  it('with a job file, gives progress as file position over file size in percent with one decimal', () => {
    const status = read('processing', {
      fileName: '0:/gcodes/staffa.gcode',
      fileSize: 3000,
      filePosition: 1234,
      duration: 600,
    });
    expect(status.job).toEqual({
      fileName: '0:/gcodes/staffa.gcode',
      progress: 41.1,
      finished: false,
      durationSeconds: 600,
      estimatedEnd: null,
      layer: null,
      layerCount: null,
      thumbnail: null,
    });
  });

  it("gives the layer, the file's layer count and its thumbnail's size, and the heaters as read", () => {
    const thumbnail = { format: 'png', width: 300, height: 300, offset: 120, size: 4000, data: null };
    const heaters = [{ kind: 'bed' as const, number: 1, current: 59.8, target: 60, state: 'active' }];
    const status = deriveLiveStatus(
      {
        kind: 'read',
        reading: {
          ...reading('processing', { fileName: 'a.g', layer: 12, layerCount: 80, thumbnail }),
          heaters,
        },
      },
      IDENTITY,
      NOW,
    );
    expect(status.job).toMatchObject({ layer: 12, layerCount: 80, thumbnail: { width: 300, height: 300 } });
    expect(status.heaters).toEqual(heaters);
  });

  it('keeps progress within 0-100 and gives none when the file size is unknown', () => {
    expect(read('processing', { fileName: 'a.g', fileSize: 100, filePosition: 150 }).job?.progress).toBe(100);
    expect(read('processing', { fileName: 'a.g', fileSize: 0, filePosition: 10 }).job?.progress).toBeNull();
  });

  it('estimates the end from the file estimate, else the slicer estimate, as an absolute time', () => {
    const job = { fileName: 'a.g', fileSize: 10, filePosition: 5 };
    expect(read('processing', { ...job, timeLeftFile: 90, timeLeftSlicer: 300 }).job?.estimatedEnd).toBe(
      '2026-11-21T09:01:30.000Z',
    );
    expect(read('processing', { ...job, timeLeftSlicer: 300 }).job?.estimatedEnd).toBe(
      '2026-11-21T09:05:00.000Z',
    );
  });

  it('without a job file but with a last file, shows progress 100 and the last duration, timer stopped', () => {
    const status = read('idle', { lastFileName: '0:/gcodes/cubo.gcode', lastDuration: 4321, duration: 12 });
    expect(status.job).toEqual({
      fileName: '0:/gcodes/cubo.gcode',
      progress: 100,
      finished: true,
      durationSeconds: 4321,
      estimatedEnd: null,
      layer: null,
      layerCount: null,
      thumbnail: null,
    });
  });

  it('without a job file or a last file, shows no job', () => {
    expect(read('idle').job).toBeNull();
  });

  it('means board offline on a timeout, an HTTP 503 or an HTTP 504', () => {
    expect(failedWith({ kind: 'failed', failure: { kind: 'timeout' } }).state).toBe('boardOffline');
    expect(failedWith({ kind: 'failed', failure: { kind: 'status', status: 503 } }).state).toBe(
      'boardOffline',
    );
    expect(failedWith({ kind: 'failed', failure: { kind: 'status', status: 504 } }).state).toBe(
      'boardOffline',
    );
  });

  it('means gateway offline on any other error', () => {
    for (const status of [400, 401, 404, 500, 502]) {
      expect(failedWith({ kind: 'failed', failure: { kind: 'status', status } }).state).toBe(
        'gatewayOffline',
      );
    }
    expect(failedWith({ kind: 'failed', failure: { kind: 'broken', reason: 'reset' } }).state).toBe(
      'gatewayOffline',
    );
  });

  it('resets progress and job on an error, keeping who the board is', () => {
    const status = failedWith({ kind: 'failed', failure: { kind: 'timeout' } });
    expect(status).toEqual({
      state: 'boardOffline',
      job: null,
      heaters: [],
      ...IDENTITY,
      updatedAt: NOW.toISOString(),
    });
  });
});

describe('the status shown for a controller', () => {
  const printing = read('processing', { fileName: 'a.g', fileSize: 10, filePosition: 5 });

  it('is gateway offline without a tunnel, whatever was heard last', () => {
    expect(currentStatus(false, printing)).toEqual({
      state: 'gatewayOffline',
      job: null,
      heaters: [],
      ...IDENTITY,
      updatedAt: null,
    });
    const wentOffline = deriveLiveStatus({ kind: 'gatewayOffline' }, IDENTITY, NOW);
    expect(currentStatus(false, wentOffline).updatedAt).toBe(NOW.toISOString());
  });

  it('is the last status heard with a tunnel, or waiting before the first', () => {
    expect(currentStatus(true, printing)).toBe(printing);
    expect(currentStatus(true, undefined).state).toBe('waiting');
  });

  it('changes only when something a card shows changes', () => {
    const later = deriveLiveStatus(
      { kind: 'read', reading: reading('processing', { fileName: 'a.g', fileSize: 10, filePosition: 5 }) },
      IDENTITY,
      new Date(NOW.getTime() + 2000),
    );
    expect(statusChanged(printing, later)).toBe(false);
    expect(
      statusChanged(printing, read('processing', { fileName: 'a.g', fileSize: 10, filePosition: 6 })),
    ).toBe(true);
    expect(statusChanged(undefined, printing)).toBe(true);
  });
});

describe('machine transitions', () => {
  const finished = read('idle', { lastFileName: '0:/gcodes/cubo.gcode', lastDuration: 60 });
  const at = (state: MachineLiveStatus['state']): MachineLiveStatus => ({ ...finished, state, job: null });

  it('a job finished: processing, then idle with a last file', () => {
    expect(transitionsBetween(at('processing'), finished)).toEqual([
      { type: 'jobFinished', fileName: '0:/gcodes/cubo.gcode' },
    ]);
  });

  it('a job cancelled: cancelling, then idle', () => {
    expect(transitionsBetween(at('cancelling'), finished)).toEqual([
      { type: 'jobFailed', fileName: '0:/gcodes/cubo.gcode' },
    ]);
  });

  it('board and gateway back: an offline state left, the gateway at its first waiting', () => {
    expect(transitionsBetween(at('gatewayOffline'), at('waiting'))).toEqual([
      { type: 'gatewayOnline', fileName: null },
    ]);
    expect(transitionsBetween(at('boardOffline'), at('idle'))).toEqual([
      { type: 'boardOnline', fileName: null },
    ]);
    expect(transitionsBetween(at('boardOffline'), at('waiting'))).toEqual([]);
    expect(transitionsBetween(at('gatewayOffline'), at('boardOffline'))).toEqual([
      { type: 'gatewayOnline', fileName: null },
      { type: 'boardOffline', fileName: null },
    ]);
  });

  it('no job finished after a simulation, or a first reading', () => {
    expect(transitionsBetween(at('simulating'), finished)).toEqual([]);
    expect(transitionsBetween(at('waiting'), finished)).toEqual([]);
    expect(transitionsBetween(undefined, finished)).toEqual([]);
  });

  it('halted, board offline and gateway offline, once each when entered', () => {
    expect(transitionsBetween(at('processing'), at('halted'))).toEqual([{ type: 'halted', fileName: null }]);
    expect(transitionsBetween(at('idle'), at('boardOffline'))).toEqual([
      { type: 'boardOffline', fileName: null },
    ]);
    expect(transitionsBetween(at('waiting'), at('gatewayOffline'))).toEqual([
      { type: 'gatewayOffline', fileName: null },
    ]);
    expect(transitionsBetween(at('halted'), at('halted'))).toEqual([]);
    expect(transitionsBetween(at('boardOffline'), at('boardOffline'))).toEqual([]);
  });
});
