import {
  CONTROLLER_STATUSES,
  type ControllerStatus,
  type MachineCardState,
  type MachineHeater,
  type MachineJob,
  type MachineLiveStatus,
} from '@portal/contract';
import type {
  BoardFailure,
  BoardIdentity,
  BoardJob,
  BoardReadOutcome,
} from '../board-client/board-client.ts';

/** What following a board gave at one moment: nothing yet, or a reading's outcome. */
export type FollowOutcome = { kind: 'waiting' } | BoardReadOutcome;

/** docs/product.md §4: timeouts, HTTP 503 and HTTP 504 mean the board is offline. */
export function meansBoardOffline(failure: BoardFailure): boolean {
  return failure.kind === 'timeout' || (failure.kind === 'status' && [503, 504].includes(failure.status));
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(CONTROLLER_STATUSES);

/** A status newer firmware adds is shown as busy: the machine is doing something this portal cannot name. */
function cardStateOf(status: string): ControllerStatus {
  return KNOWN_STATUSES.has(status) ? (status as ControllerStatus) : 'busy';
}

const roundToTenth = (value: number) => Math.round(value * 10) / 10;

/** Whole seconds: an estimate that moves by milliseconds between two polls has not changed. */
const endAfter = (now: Date, seconds: number) =>
  new Date(Math.round(now.getTime() / 1000 + Math.max(0, seconds)) * 1000).toISOString();

/**
 * The job of docs/product.md §4: with a job file, progress is file position over file size in
 * percent; otherwise, with a last file, progress is 100, the last duration is shown and the timer stops.
 */
export function jobOf(job: BoardJob, now: Date): MachineJob | null {
  if (job.fileName) {
    const { fileSize, filePosition } = job;
    const progress =
      fileSize && fileSize > 0 && filePosition !== null
        ? roundToTenth(Math.min(100, Math.max(0, (filePosition / fileSize) * 100)))
        : null;
    const secondsLeft = job.timeLeftFile ?? job.timeLeftSlicer;
    return {
      fileName: job.fileName,
      progress,
      finished: false,
      durationSeconds: job.duration,
      estimatedEnd: secondsLeft === null ? null : endAfter(now, secondsLeft),
      layer: job.layer,
      layerCount: job.layerCount,
      thumbnail: job.thumbnail && { width: job.thumbnail.width, height: job.thumbnail.height },
    };
  }
  if (job.lastFileName) {
    return {
      fileName: job.lastFileName,
      progress: 100,
      finished: true,
      durationSeconds: job.lastDuration,
      estimatedEnd: null,
      layer: null,
      layerCount: null,
      thumbnail: null,
    };
  }
  return null;
}

/**
 * The card state of docs/product.md §4 at `now`: waiting before the first answer, gateway offline
 * without a tunnel, board offline on a timeout, 503 or 504, gateway offline on any other error, else the
 * controller status with its job. On any error the job is reset; the board's identity is kept.
 */
export function deriveLiveStatus(
  outcome: FollowOutcome,
  identity: BoardIdentity,
  now: Date,
): MachineLiveStatus {
  const status = (
    state: MachineCardState,
    job: MachineJob | null = null,
    heaters: MachineHeater[] = [],
  ): MachineLiveStatus => ({
    state,
    job,
    heaters,
    ...identity,
    updatedAt: now.toISOString(),
  });
  switch (outcome.kind) {
    case 'waiting':
      return status('waiting');
    case 'gatewayOffline':
      return status('gatewayOffline');
    case 'failed':
      return status(meansBoardOffline(outcome.failure) ? 'boardOffline' : 'gatewayOffline');
    case 'read':
      return status(
        cardStateOf(outcome.reading.status),
        jobOf(outcome.reading.job, now),
        outcome.reading.heaters,
      );
  }
}

/**
 * The status to show for a controller: without a tunnel its gateway is offline whatever was last heard
 * (keeping the board's identity, and the time it went offline when that was seen); with one, the last
 * status heard, or waiting until the first.
 */
export function currentStatus(online: boolean, latest: MachineLiveStatus | undefined): MachineLiveStatus {
  if (online) {
    return (
      latest ?? {
        state: 'waiting',
        job: null,
        heaters: [],
        boardName: null,
        firmwareVersion: null,
        updatedAt: null,
      }
    );
  }
  return {
    state: 'gatewayOffline',
    job: null,
    heaters: [],
    boardName: latest?.boardName ?? null,
    firmwareVersion: latest?.firmwareVersion ?? null,
    updatedAt: latest?.state === 'gatewayOffline' ? latest.updatedAt : null,
  };
}

/** Whether two statuses differ in anything a card shows (the time they were derived aside). */
export function statusChanged(previous: MachineLiveStatus | undefined, next: MachineLiveStatus): boolean {
  if (!previous) return true;
  return JSON.stringify({ ...previous, updatedAt: null }) !== JSON.stringify({ ...next, updatedAt: null });
}
