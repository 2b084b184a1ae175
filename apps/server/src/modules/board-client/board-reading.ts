import type { FullJob, NonLiveModel, RrLiveModel } from '@portal/duet/protocol';

/** The job fields of the board's object model the card needs (RRF `job`, DSF the same). */
export interface BoardJob {
  fileName: string | null;
  fileSize: number | null;
  filePosition: number | null;
  duration: number | null;
  timeLeftFile: number | null;
  timeLeftSlicer: number | null;
  lastFileName: string | null;
  lastDuration: number | null;
}

/** One successful reading of a board: its `state.status` and its job. */
export interface BoardReading {
  status: string;
  job: BoardJob;
}

/** Who the board says it is; kept across errors, since an error says nothing about it. */
export interface BoardIdentity {
  boardName: string | null;
  firmwareVersion: string | null;
}

/** Why a request through the tunnel gave no reading. */
export type BoardFailure =
  /** No answer within the request's time-out. */
  | { kind: 'timeout' }
  /** An HTTP answer other than the one expected, from the board or the gateway. */
  | { kind: 'status'; status: number }
  /** The stream broke, or the answer could not be read. */
  | { kind: 'broken'; reason: string };

/** What one reading of a board through its tunnel gave. */
export type BoardReadOutcome =
  | { kind: 'gatewayOffline' }
  | { kind: 'failed'; failure: BoardFailure }
  | { kind: 'read'; reading: BoardReading };

const NO_JOB: FullJob = {
  filePosition: null,
  duration: null,
  timesLeft: null,
  file: null,
  lastFileName: null,
  lastDuration: null,
};

/** The card's job fields from the non-live `job` read last and, for a standalone board, its live fields now. */
export function boardJobOf(full: FullJob | null | undefined, live?: RrLiveModel['job']): BoardJob {
  const job = full ?? NO_JOB;
  const current = live ?? job;
  return {
    fileName: job.file?.fileName ?? null,
    fileSize: job.file?.size ?? null,
    filePosition: current.filePosition,
    duration: current.duration,
    timeLeftFile: current.timesLeft?.file ?? null,
    timeLeftSlicer: current.timesLeft?.slicer ?? null,
    lastFileName: job.lastFileName,
    lastDuration: job.lastDuration,
  };
}

export function identityOf(
  network: NonLiveModel['network'] | null | undefined,
  boards: NonLiveModel['boards'] | null | undefined,
): BoardIdentity {
  return { boardName: network?.name ?? null, firmwareVersion: boards?.[0]?.firmwareVersion ?? null };
}
