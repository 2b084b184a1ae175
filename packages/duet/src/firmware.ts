/** The RepRapFirmware (and matching DSF) release lines the portal supports. */
export const FIRMWARE_VERSIONS = ['3.4', '3.5', '3.6'] as const;
export type FirmwareVersion = (typeof FIRMWARE_VERSIONS)[number];

/** `standalone`: RepRapFirmware's own web server (`rr_*`). `sbc`: Duet Software Framework (`/machine/*`). */
export type BoardMode = 'standalone' | 'sbc';

/** Fixed limits of a board's HTTP server (docs/duet-http.md §1.1, §1.2, §1.3). */
export const BOARD_LIMITS = {
  /** Sessions a board holds at once; `rr_connect` answers `{"err":2}` beyond. */
  maxSessions: 8,
  /** A session idle this long is dropped (also reported as `sessionTimeout`). */
  sessionTimeoutMs: 8000,
  /** RRF rejects a sixth query parameter with 500 "too many keys in qualifier". */
  maxQueryParams: 5,
  /** Request line plus headers must fit in this many bytes, else 500 "overflow". */
  maxHeadBytes: 1460,
  /** Header key-value pairs RRF stores; one more is 500 "too many header key-value pairs". */
  maxHeaders: 29,
  /** RRF drops a connection that sends no request bytes for this long. */
  headerReceiveTimeoutMs: 2000,
  /** RRF cancels an upload that receives no body bytes for this long. */
  uploadIdleTimeoutMs: 8000,
  /** Size of the HTTP G-code input buffer; `rr_gcode` reports the free part as `buff`. */
  gcodeBufferBytes: 256,
  /** Requests a Duet 2 serves at once (Duet 3 serves 6): the safe number to send concurrently. */
  maxConcurrentRequests: 3,
} as const;

/** `apiLevel` of `rr_connect`: 1 before session keys (3.4), 2 from 3.5 on. */
export function apiLevelOf(firmware: FirmwareVersion): 1 | 2 {
  return firmware === '3.4' ? 1 : 2;
}

/** Session keys (`rr_connect?sessionKey=yes`, `X-Session-Key`) exist from 3.5 on. */
export function supportsSessionKeys(firmware: FirmwareVersion): boolean {
  return firmware !== '3.4';
}

/** DSF answers `rr_*` requests itself (emulation) only from 3.5 on; on 3.4 `/rr_connect` is a 404. */
export function dsfEmulatesRrf(firmware: FirmwareVersion): boolean {
  return firmware !== '3.4';
}

/** Header carrying the session key on both RRF (decimal number) and DSF (32 hex characters). */
export const SESSION_KEY_HEADER = 'X-Session-Key';
