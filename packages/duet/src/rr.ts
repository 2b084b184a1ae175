/** Requests and answers of a standalone board's `rr_*` API (docs/duet-http.md §1.3). */

/** The `{"err":N}` answer most `rr_*` calls give (always with HTTP 200). */
export interface RrErrResponse {
  err: number;
}

/** `err` of those answers (docs/duet-http.md §1.3, §6): 0 done, 1 failed; `rr_connect` has its own. */
export const RR_ERR = { done: 0, failed: 1 } as const;

export interface RrConnectParams {
  password: string;
  /** Local time `YYYY-MM-DDTHH:MM:SS`; sets the board clock only if it is not set yet. */
  time?: string;
  /** 3.5+: `yes` asks for a session key. */
  sessionKey?: 'yes' | 'no';
}

export interface RrConnectSuccess {
  err: typeof RR_CONNECT_ERR.accepted;
  sessionTimeout: number;
  boardType: string;
  /** 1 on 3.4, 2 from 3.5; DWC refuses a missing or 0 level. */
  apiLevel: number;
  /** 3.5+: the key to send back in `X-Session-Key` (0 when not requested); absent on 3.4. */
  sessionKey?: number;
  /** Set by DSF's emulation; DWC refuses such an endpoint. */
  isEmulated?: true;
}

/** `err` of `rr_connect`'s answer (docs/duet-http.md §1.3), always with HTTP 200. */
export const RR_CONNECT_ERR = { accepted: 0, wrongPassword: 1, noFreeSession: 2 } as const;

/** err 1: wrong password; err 2: no free session. */
export interface RrConnectFailure {
  err: typeof RR_CONNECT_ERR.wrongPassword | typeof RR_CONNECT_ERR.noFreeSession;
  isEmulated?: true;
}

export type RrConnectResponse = RrConnectSuccess | RrConnectFailure;

export interface RrModelParams {
  /** Dotted path with `[n]` and `[]`; a leading `#` asks for an array's length; empty = whole model. */
  key?: string;
  /** Letters `f v n o i s`, `d<depth>`, `a<start>` in any order. */
  flags?: string;
}

export interface RrModelResponse<T = unknown> {
  key: string;
  flags: string;
  result: T;
  /** Only when `result` is an array: 0 when complete, else the index to resume at with `a<next>`. */
  next?: number;
}

/** RRF answers `buff`; DSF's emulation answers `bufferSpace` and `err`. */
export type RrGcodeResponse = { buff: number } | { bufferSpace: number; err: 0 } | RrErrResponse;

export interface RrUploadParams {
  name: string;
  time?: string;
  /** Hex CRC-32 of the body, without `0x` (read by `readUploadCrc`). */
  crc32?: string;
}

/** What `rr_upload`'s `crc32` asks for: nothing to check (null), this CRC-32, or a value no board reads alike. */
export type UploadCrc = number | null | 'unreadable';

/**
 * `rr_upload`'s `crc32` (docs/duet-http.md §1.3): absent, nothing to check; 1 to 8 hex digits of either case, the
 * CRC-32 the body must have. Anything else is 'unreadable', to be refused (err 1, nothing kept): RRF checks the body
 * against any `crc32` given, reading only leading hex digits (none is 0, so `0x1a2b` is 0, and more than eight
 * overflow), while DSF's emulation compares it as text with the 8 digits written out and skips an empty one, so
 * the two would keep different files.
 */
export function readUploadCrc(text: string | undefined): UploadCrc {
  if (text === undefined) return null;
  return /^[0-9a-f]{1,8}$/i.test(text) ? Number.parseInt(text, 16) : 'unreadable';
}

export interface RrFilelistEntry {
  type: 'd' | 'f';
  name: string;
  size: number;
  /** Omitted when the timestamp is invalid. */
  date?: string;
}

export interface RrFilelistResponse {
  dir: string;
  first: number;
  files: RrFilelistEntry[];
  /** Present on success: 0 when complete, else the `first` of the next call. */
  next?: number;
  /** Present only on failure: 1 drive not mounted, 2 directory missing. */
  err?: number;
}

export interface RrFilesResponse {
  dir: string;
  first: number;
  /** Plain names; directories start with `*` when `flagDirs=1`. */
  files: string[];
  next?: number;
  err?: number;
}

export interface RrThumbnailInfo {
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'qoi';
  offset: number;
  size: number;
}

export interface RrFileinfoSuccess {
  err: 0;
  fileName: string;
  size: number;
  lastModified?: string;
  height: number;
  layerHeight: number;
  numLayers: number;
  printTime?: number;
  simulatedTime?: number;
  filament: number[];
  thumbnails: RrThumbnailInfo[];
  generatedBy: string;
  /** Seconds printed so far; only for the file being printed. */
  printDuration?: number;
}

export type RrFileinfoResponse = RrFileinfoSuccess | { err: 1; fileName?: string };

export type RrThumbnailResponse =
  | { fileName: string; offset: number; data: string; next: number; err: 0 }
  | RrErrResponse;

/** Legacy `rr_status?type=1|2|3` (deprecated, kept by slicers such as Cura's plugin). */
export interface RrStatusResponse {
  /** One letter per machine status (see STATUS_LETTERS). */
  status: string;
  coords: { axesHomed: number[]; wpl: number; xyz: number[]; machine: number[]; extr: number[] };
  speeds: { requested: number; top: number };
  currentTool: number;
  params: { atxPower: number; fanPercent: number[]; speedFactor: number; extrFactors: number[] };
  seq: number;
  sensors: { probeValue: number; fanRPM: number[] };
  temps: {
    bed?: { current: number; active: number; standby: number; state: number; heater: number };
    current: number[];
    state: number[];
    tools: { active: number[][]; standby: number[][] };
  };
  time: number;
  /** type 2 and 3 */
  name?: string;
  /** type 3 only */
  currentLayer?: number;
  currentLayerTime?: number;
  fractionPrinted?: number;
  filePosition?: number;
  printDuration?: number;
  warmUpDuration?: number;
  timesLeft?: { file: number; filament: number };
}
