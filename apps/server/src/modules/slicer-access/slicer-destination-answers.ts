import { RR_ERR } from '@portal/duet/protocol';

/**
 * What the portal answers, in a board's place, to the polls a slicer sends to a library or queue token's Duet URL
 * (docs/product.md §7 "Tokens"): there is no board behind it, so the answers are a board's with no password that
 * is idle and has nothing to say (docs/duet-http.md §1.3).
 */

/** `rr_connect`: a board without a password, as PrusaSlicer and Cura read it (err 0; the token is the credential). */
export const CONNECTED = { err: RR_ERR.done, sessionTimeout: 8000, boardType: 'portal', apiLevel: 1 };

/** `rr_disconnect`, `GET rr_upload` and a stored `rr_upload`. */
export const DONE = { err: RR_ERR.done };

/** An `rr_upload` refused as a board refuses one whose `crc32` the body does not have: nothing kept. */
export const FAILED = { err: RR_ERR.failed };

/** `rr_gcode`'s answer: the room left in the G-code buffer, all of it. */
export const TAKEN = { buff: 255 };

/**
 * The legacy `rr_status?type=…`: idle (`I`, docs/duet-http.md §3.4), whatever the type; Cura's plugin reads
 * `status` while it simulates.
 */
export const IDLE_STATUS = { status: 'I' };

/** The object model the URL shows: an idle machine, and nothing else. */
const IDLE_MODEL = { state: { status: 'idle' } };

/**
 * `rr_model?key=…&flags=…` over the idle model: the whole of it for an empty key, the value a dotted key names,
 * and null for any other key, as a board answers a key it does not know.
 */
export function idleModel(key: string, flags: string): { key: string; flags: string; result: unknown } {
  let result: unknown = IDLE_MODEL;
  for (const part of key === '' ? [] : key.split('.')) {
    result =
      result !== null && typeof result === 'object' && Object.hasOwn(result, part)
        ? (result as Record<string, unknown>)[part]
        : null;
  }
  return { key, flags, result };
}
