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

/** Characters every HTTP/1.1 server takes literally in a request target (RFC 3986 pchar, `/` and `?`). */
const TARGET_LITERAL = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]$/;
const TWO_HEX = /^[0-9A-Fa-f]{2}$/;

/**
 * A client's request target (path and query) rewritten into one a real board accepts, meaning what the client
 * meant: existing escapes kept with upper-case hex, a stray `%` escaped, literal `"` (PrusaSlicer's
 * `M32 "0:/gcodes/x"`), spaces and other characters a request line cannot hold escaped; `+` stays, as a board reads
 * it as a space in a value. Characters up to U+00FF are taken as the raw bytes an HTTP parser handed on (Node
 * decodes request targets as Latin-1); anything above is encoded as UTF-8. The gateway sends every request so, and
 * the portal's scopes read queries through it (then `parseBoardTarget`), so both see what the board will.
 */
export function reencodeTargetForBoard(target: string): string {
  let out = '';
  for (let i = 0; i < target.length; i++) {
    const char = target[i] as string;
    if (char === '%') {
      const hex = target.slice(i + 1, i + 3);
      if (TWO_HEX.test(hex)) {
        out += `%${hex.toUpperCase()}`;
        i += 2;
      } else {
        out += '%25';
      }
    } else if (TARGET_LITERAL.test(char)) {
      out += char;
    } else {
      const code = target.codePointAt(i) as number;
      if (code <= 0xff) {
        out += escapeByte(code);
      } else {
        for (const byte of utf8.encode(String.fromCodePoint(code))) out += escapeByte(byte);
        if (code > 0xffff) i++;
      }
    }
  }
  return out;
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
