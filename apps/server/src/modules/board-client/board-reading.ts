import type { MachineHeater } from '@portal/contract';
import type {
  FileThumbnail,
  FullJob,
  HeaterRoles,
  LiveHeat,
  NonLiveModel,
  RrLiveModel,
} from '@portal/duet/protocol';

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
  layer: number | null;
  layerCount: number | null;
  /** The thumbnail a person would look at: the largest PNG the file carries (browsers show no QOI). */
  thumbnail: FileThumbnail | null;
}

/** One successful reading of a board: its `state.status`, its job and its heaters. */
export interface BoardReading {
  status: string;
  job: BoardJob;
  heaters: MachineHeater[];
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
  layer: null,
};

/** The largest PNG thumbnail of a file, if it carries one. */
export function thumbnailOf(thumbnails: readonly FileThumbnail[] | undefined): FileThumbnail | null {
  let best: FileThumbnail | null = null;
  for (const thumbnail of thumbnails ?? []) {
    if (thumbnail.format.toLowerCase() !== 'png') continue;
    if (!best || thumbnail.width * thumbnail.height > best.width * best.height) best = thumbnail;
  }
  return best;
}

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
    layer: current.layer,
    layerCount: job.file?.numLayers ?? null,
    thumbnail: thumbnailOf(job.file?.thumbnails),
  };
}

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The heaters a person looks at, bed first, then chamber and tools, each numbered within its kind: the live
 * `heat.heaters` with the roles of the non-live part. The target is the setpoint of the heater's state.
 */
export function heatersOf(
  live: LiveHeat | null | undefined,
  roles: HeaterRoles | undefined,
): MachineHeater[] {
  const kindOf = (index: number): MachineHeater['kind'] =>
    roles?.bedHeaters.includes(index) ? 'bed' : roles?.chamberHeaters.includes(index) ? 'chamber' : 'tool';
  const found = (live?.heaters ?? []).flatMap((heater, index) =>
    heater ? [{ heater, kind: kindOf(index) }] : [],
  );
  const order: MachineHeater['kind'][] = ['bed', 'chamber', 'tool'];
  return order.flatMap((kind) =>
    found
      .filter((entry) => entry.kind === kind)
      .map(({ heater }, position) => ({
        kind,
        number: position + 1,
        current: oneDecimal(heater.current),
        target: oneDecimal(
          heater.state === 'active' ? heater.active : heater.state === 'standby' ? heater.standby : null,
        ),
        state: heater.state ?? 'off',
      })),
  );
}

export function identityOf(
  network: NonLiveModel['network'] | null | undefined,
  boards: NonLiveModel['boards'] | null | undefined,
): BoardIdentity {
  return { boardName: network?.name ?? null, firmwareVersion: boards?.[0]?.firmwareVersion ?? null };
}
