import { MACHINE_CARD_STATES, type MachineJob, type MachineStatus } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  badgeOf,
  baseName,
  cardStatusOf,
  elapsedSeconds,
  failedCallState,
  formatClock,
  formatHms,
  formatProgress,
  isOnline,
  refreshIntervalOf,
  secondsToEnd,
  shouldRefreshOnVisible,
} from './card-rules';

const running: MachineJob = {
  fileName: '0:/gcodes/staffa.gcode',
  progress: 42.5,
  finished: false,
  durationSeconds: 100,
  estimatedEnd: '2025-01-01T10:10:00.000Z',
  layer: 12,
  layerCount: 80,
  thumbnail: null,
};
const finished: MachineJob = {
  ...running,
  progress: 100,
  finished: true,
  durationSeconds: 3600,
  estimatedEnd: null,
};

const statusOf = (machineGroupId: number, state: MachineStatus['status']['state']): MachineStatus => ({
  machineGroupId,
  controllerId: machineGroupId + 100,
  name: `M${machineGroupId}`,
  license: null,
  status: { state, job: running, heaters: [], boardName: 'duet', firmwareVersion: '3.5', updatedAt: null },
});

describe('formatProgress', () => {
  it('shows one decimal in the page language', () => {
    expect(formatProgress(42.46, 'en')).toBe('42.5%');
    expect(formatProgress(42.46, 'it')).toBe('42,5%');
    expect(formatProgress(100, 'en')).toBe('100.0%');
    expect(formatProgress(0, 'it')).toBe('0,0%');
  });
});

describe('formatHms', () => {
  it('writes hours, minutes and seconds, leaving out leading zero units', () => {
    expect(formatHms(3723)).toBe('1h 2m 3s');
    expect(formatHms(240)).toBe('4m 0s');
    expect(formatHms(7.9)).toBe('7s');
    expect(formatHms(0)).toBe('0s');
    expect(formatHms(3600)).toBe('1h 0m 0s');
  });

  it('counts days as hours and never goes negative', () => {
    expect(formatHms(26 * 3600 + 5)).toBe('26h 0m 5s');
    expect(formatHms(-3)).toBe('0s');
    expect(formatHms(40 * 24 * 3600 + 61)).toBe('960h 1m 1s');
  });
});

describe('formatClock', () => {
  it("writes a moment's local time of day with two-digit hours and minutes, 24-hour", () => {
    expect(formatClock(new Date(2026, 10, 25, 7, 5, 59))).toBe('07:05');
    expect(formatClock(new Date(2026, 10, 25, 23, 40))).toBe('23:40');
    expect(formatClock(new Date(2026, 10, 25, 0, 0))).toBe('00:00');
  });
});

describe('elapsedSeconds', () => {
  const readAt = '2025-01-01T10:00:00.000Z';
  const at = (seconds: number) => Date.parse(readAt) + seconds * 1000;

  it('ticks a running job on from its last reading', () => {
    expect(elapsedSeconds(running, readAt, at(0))).toBe(100);
    expect(elapsedSeconds(running, readAt, at(5))).toBe(105);
  });

  it('keeps a finished job still', () => {
    expect(elapsedSeconds(finished, readAt, at(500))).toBe(3600);
  });

  it('has nothing to show without a duration, and never runs backwards', () => {
    expect(elapsedSeconds({ ...running, durationSeconds: null }, readAt, at(5))).toBeNull();
    expect(elapsedSeconds(running, readAt, at(-10))).toBe(100);
  });
});

describe('secondsToEnd', () => {
  const end = Date.parse(running.estimatedEnd ?? '');
  it('counts down to the estimated end and stops at zero', () => {
    expect(secondsToEnd(running, end - 90_000)).toBe(90);
    expect(secondsToEnd(running, end + 5000)).toBe(0);
  });
  it('has no end for a finished job or without an estimate', () => {
    expect(secondsToEnd(finished, end)).toBeNull();
    expect(secondsToEnd({ ...running, estimatedEnd: null }, end)).toBeNull();
  });
});

describe('badgeOf', () => {
  it('gives pausing and paused the one label of docs/product.md §4', () => {
    expect(badgeOf('pausing').labelKey).toBe('paused');
    expect(badgeOf('paused').labelKey).toBe('paused');
  });

  it('gives every other state its own label', () => {
    for (const state of MACHINE_CARD_STATES.filter((item) => item !== 'pausing')) {
      expect(badgeOf(state).labelKey).toBe(state);
    }
  });

  it('colours trouble red and a printing machine blue', () => {
    expect(badgeOf('halted').variant).toBe('danger');
    expect(badgeOf('boardOffline').variant).toBe('danger');
    expect(badgeOf('gatewayOffline').variant).toBe('danger');
    expect(badgeOf('processing').variant).toBe('primary');
    expect(badgeOf('idle').variant).toBe('success');
    expect(badgeOf('paused').variant).toBe('warning');
  });
});

describe('isOnline', () => {
  it('calls a machine online once its board answers', () => {
    expect(isOnline('waiting')).toBe(false);
    expect(isOnline('gatewayOffline')).toBe(false);
    expect(isOnline('boardOffline')).toBe(false);
    expect(isOnline('off')).toBe(true);
    expect(isOnline('halted')).toBe(true);
  });
});

describe('a failed status call', () => {
  it('means board offline for a time-out, 503 and 504, gateway offline otherwise', () => {
    expect(failedCallState({ timedOut: true, httpStatus: null })).toBe('boardOffline');
    expect(failedCallState({ timedOut: false, httpStatus: 503 })).toBe('boardOffline');
    expect(failedCallState({ timedOut: false, httpStatus: 504 })).toBe('boardOffline');
    expect(failedCallState({ timedOut: false, httpStatus: 502 })).toBe('gatewayOffline');
    expect(failedCallState({ timedOut: false, httpStatus: 500 })).toBe('gatewayOffline');
    expect(failedCallState({ timedOut: false, httpStatus: null })).toBe('gatewayOffline');
  });

  it('resets progress and job on every card, keeping what the board said it is', () => {
    const statuses = [statusOf(1, 'processing'), statusOf(2, 'idle')];
    const card = cardStatusOf(1, statuses, 'boardOffline');
    expect([card.state, card.job, card.boardName]).toEqual(['boardOffline', null, 'duet']);
    expect(cardStatusOf(3, undefined, 'gatewayOffline')).toMatchObject({
      state: 'gatewayOffline',
      job: null,
    });
  });
});

describe('cardStatusOf', () => {
  it("shows a machine's own live status", () => {
    expect(cardStatusOf(2, [statusOf(1, 'processing'), statusOf(2, 'halted')], null).state).toBe('halted');
  });

  it('waits for a machine the statuses do not name yet, or before the first answer', () => {
    expect(cardStatusOf(9, [statusOf(1, 'processing')], null)).toMatchObject({ state: 'waiting', job: null });
    expect(cardStatusOf(1, undefined, null).state).toBe('waiting');
  });
});

describe('refreshing', () => {
  it('polls every 60 s only while the event stream is down', () => {
    expect(refreshIntervalOf(false)).toBe(60_000);
    expect(refreshIntervalOf(true)).toBe(false);
  });

  it('refreshes a tab shown again when its last update is a minute old or missing', () => {
    const now = 1_000_000;
    expect(shouldRefreshOnVisible(null, now)).toBe(true);
    expect(shouldRefreshOnVisible(now - 60_000, now)).toBe(true);
    expect(shouldRefreshOnVisible(now - 59_999, now)).toBe(false);
    expect(shouldRefreshOnVisible(now - 1000, now)).toBe(false);
  });
});

describe('baseName', () => {
  it('drops the board path of a job file', () => {
    expect(baseName('0:/gcodes/parts/staffa.gcode')).toBe('staffa.gcode');
    expect(baseName('staffa.gcode')).toBe('staffa.gcode');
    expect(baseName('0:/gcodes/')).toBe('0:/gcodes/');
  });
});
