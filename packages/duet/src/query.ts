import { BOARD_LIMITS } from './firmware.ts';

/**
 * Query strings as RepRapFirmware parses them (docs/duet-http.md §1.1): `%XX` escapes with upper-case hex
 * only, `+` means a space in a value, keys are never escaped, at most five parameters.
 */

const HEX_DIGITS = '0123456789ABCDEF';
/** Bytes sent literally: RFC 3986 unreserved characters plus `:` and `/`, which RRF reads as themselves. */
const LITERAL_BYTE = /^[A-Za-z0-9\-_.~:/]$/;
/** Keys RRF accepts without escaping (it rejects `%` in a key). */
const PLAIN_KEY = /^[A-Za-z0-9\-_.~]+$/;

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

function escapeByte(byte: number): string {
  return `%${HEX_DIGITS[byte >> 4]}${HEX_DIGITS[byte & 15]}`;
}

function encodeValue(value: string): string {
  let out = '';
  for (const byte of utf8.encode(value)) {
    const char = String.fromCharCode(byte);
    out += LITERAL_BYTE.test(char) ? char : escapeByte(byte);
  }
  return out;
}

/**
 * A query string (without `?`) that a real board accepts: every byte outside `A-Z a-z 0-9 - _ . ~ : /`
 * escaped with upper-case hex. Throws a RangeError for more than five parameters or a key that needs escaping.
 */
export function encodeBoardQuery(params: Readonly<Record<string, string>>): string {
  const pairs = Object.entries(params);
  if (pairs.length > BOARD_LIMITS.maxQueryParams) {
    throw new RangeError(`a board accepts at most ${BOARD_LIMITS.maxQueryParams} query parameters`);
  }
  return pairs
    .map(([key, value]) => {
      if (!PLAIN_KEY.test(key)) {
        throw new RangeError(`query key ${JSON.stringify(key)} would need escaping, which a board rejects`);
      }
      return `${key}=${encodeValue(value)}`;
    })
    .join('&');
}

/** A request target as RRF understands it, or the reason text of its 500 rejection. */
export type BoardTargetParse =
  | { ok: true; path: string; params: ReadonlyMap<string, string> }
  | { ok: false; reason: string };

/**
 * Parses a request target (path and query) with RRF's rules: upper-case `%XX` only ("bad escape"), no `%`,
 * `&` or missing `=` in a key ("bad qualifier key"), at most five parameters ("too many keys in qualifier").
 * Parameter names are case-insensitive (stored lower-case); the first of a repeated name wins.
 */
export function parseBoardTarget(target: string): BoardTargetParse {
  const raw = utf8.encode(target);
  const path: number[] = [];
  const keys: string[] = [];
  const values: number[][] = [];
  let state: 'path' | 'key' | 'value' = 'path';
  let key = '';
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i] as number;
    const char = String.fromCharCode(byte);
    if (byte === 0x25 && state !== 'key') {
      const high = HEX_DIGITS.indexOf(String.fromCharCode(raw[i + 1] ?? 0));
      const low = HEX_DIGITS.indexOf(String.fromCharCode(raw[i + 2] ?? 0));
      if (high < 0 || low < 0) return { ok: false, reason: 'bad escape' };
      (state === 'path' ? path : (values.at(-1) as number[])).push(high * 16 + low);
      i += 2;
      continue;
    }
    if (state === 'path') {
      if (char === '?') state = 'key';
      else path.push(byte);
    } else if (state === 'key') {
      if (char === '=') {
        keys.push(key.toLowerCase());
        values.push([]);
        key = '';
        state = 'value';
      } else if (char === '%' || char === '&') {
        return { ok: false, reason: 'bad qualifier key' };
      } else {
        key += char;
      }
    } else if (char === '&') {
      if (keys.length >= BOARD_LIMITS.maxQueryParams)
        return { ok: false, reason: 'too many keys in qualifier' };
      state = 'key';
    } else {
      (values.at(-1) as number[]).push(char === '+' ? 0x20 : byte);
    }
  }
  // A trailing bare `?` is tolerated (IE11 habit); a key left without `=` is not.
  if (state === 'key' && (key !== '' || keys.length > 0)) return { ok: false, reason: 'bad qualifier key' };
  const params = new Map<string, string>();
  keys.forEach((name, index) => {
    if (!params.has(name)) params.set(name, utf8Decoder.decode(new Uint8Array(values[index] ?? [])));
  });
  return { ok: true, path: utf8Decoder.decode(new Uint8Array(path)), params };
}
