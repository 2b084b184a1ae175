import { BOARD_LIMITS } from './firmware.ts';

/**
 * One request to a board, read once where it enters the portal the way the board will read it (docs/board-access.md
 * §1): the method, the route as decoded path segments, DSF's file argument, the query as the board reads it, and
 * what the request does (its route in `BOARD_ROUTES`). Everything after the edge (scopes, consent, the activity
 * record, the machine origin's rules) reads this value, and the gateway sends the board `serializeBoardTarget` of
 * it: no layer splits or re-encodes the client's string again.
 *
 * What the two firmwares could read differently is refused here, on every path: dot segments (DSF's web server
 * removes them, so `/machine/../rr_gcode` would be `rr_gcode`), an encoded `/` or `\` inside a segment, double
 * encoding, empty segments, control characters, and a parameter given twice in any case (RRF reads the first, DSF's
 * emulation may read another).
 */

export const BOARD_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'] as const;
export type BoardMethod = (typeof BOARD_METHODS)[number];

/** What a request does on the board. */
export type BoardAction =
  /** Logins and logouts, answered by the gateway with sessions of its own. */
  | 'session'
  /** Status, object model, replies, the last upload's result, DSF's object-model socket. */
  | 'status'
  /** Folder listings and file information. */
  | 'list'
  /** A file's content (download, thumbnail). */
  | 'read'
  | 'gcode'
  | 'upload'
  | 'delete'
  | 'move'
  | 'mkdir'
  /** DSF plugins and system packages, and the HTTP endpoints plugins add under `/machine/…`. */
  | 'plugin'
  /** A file of the board's web folder (`0:/www`: Duet Web Control itself). */
  | 'web';

/** Actions that change the board: recorded, and under consent made by outside staff only in a service session. */
const CHANGES: ReadonlySet<BoardAction> = new Set(['gcode', 'upload', 'delete', 'move', 'mkdir', 'plugin']);

export function changesBoard(request: Pick<BoardRequest, 'route'>): boolean {
  return CHANGES.has(request.route.action);
}

/** The body a route carries: DSF's G-code text, its move form, or a file streamed through. */
export type BoardBodyKind = 'none' | 'code' | 'form' | 'file';

/** A route a board answers. `key` is `METHOD /route` in lower case (`…/` for DSF's routes with a file argument). */
export interface BoardRoute {
  readonly key: string;
  readonly action: BoardAction;
  readonly body: BoardBodyKind;
}

const route = (key: string, action: BoardAction, body: BoardBodyKind = 'none'): BoardRoute => ({
  key,
  action,
  body,
});

/** Every route a board answers (docs/board-access.md §2), DSF's plugin endpoints and web files aside. */
export const BOARD_ROUTES: readonly BoardRoute[] = [
  ...['/rr_connect', '/rr_disconnect', '/machine/connect', '/machine/disconnect'].map((path) =>
    route(`GET ${path}`, 'session'),
  ),
  ...[
    '/rr_model',
    '/rr_status',
    '/rr_config',
    '/rr_reply',
    '/rr_upload',
    '/machine',
    '/machine/noop',
    '/machine/status',
    '/machine/model',
  ].map((path) => route(`GET ${path}`, 'status')),
  ...['/rr_filelist', '/rr_files', '/rr_fileinfo', '/machine/fileinfo/', '/machine/directory/'].map((path) =>
    route(`GET ${path}`, 'list'),
  ),
  ...['/rr_download', '/rr_thumbnail', '/machine/file/'].map((path) => route(`GET ${path}`, 'read')),
  route('GET /rr_gcode', 'gcode'),
  route('POST /machine/code', 'gcode', 'code'),
  route('POST /rr_upload', 'upload', 'file'),
  route('PUT /machine/file/', 'upload', 'file'),
  route('GET /rr_delete', 'delete'),
  route('DELETE /machine/file/', 'delete'),
  route('GET /rr_move', 'move'),
  route('POST /machine/file/move', 'move', 'form'),
  route('GET /rr_mkdir', 'mkdir'),
  route('PUT /machine/directory/', 'mkdir'),
  ...[
    'PUT /machine/plugin',
    'DELETE /machine/plugin',
    'POST /machine/startplugin',
    'POST /machine/stopplugin',
    'PUT /machine/systempackage',
    'DELETE /machine/systempackage',
  ].map((key) => route(key, 'plugin', 'file')),
];

const ROUTES_BY_KEY = new Map(BOARD_ROUTES.map((entry) => [entry.key, entry]));
const PLUGIN_ENDPOINT = route('ANY /machine/…', 'plugin', 'file');
const WEB_FILE = route('GET web', 'web');

/** A query parameter as the board reads it: its name as sent, its value decoded. */
export type BoardQueryParam = readonly [name: string, value: string];

export interface BoardRequest {
  readonly method: BoardMethod;
  /** The route's path segments, decoded (`['machine', 'file']`, `['rr_gcode']`, `[]` for the web folder's index). */
  readonly segments: readonly string[];
  /** DSF's `{path}` after `machine/file/`, `machine/fileinfo/` or `machine/directory/`, decoded. */
  readonly file?: string;
  readonly query: readonly BoardQueryParam[];
  /** What the request does: the route it matched. */
  readonly route: BoardRoute;
}

export type BoardRequestParse = { ok: true; request: BoardRequest } | { ok: false; reason: string };

/** A parameter's value as the board reads it (names without case), or undefined. */
export function boardParam(request: Pick<BoardRequest, 'query'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return request.query.find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/** The route's path in lower case, as boards route it (`/rr_gcode`, `/machine/file`). */
export function routePath(request: Pick<BoardRequest, 'segments'>): string {
  return `/${request.segments.join('/')}`.toLowerCase();
}

// ---------------------------------------------------------------------------------------------------------
// Reading a client's request target

/** Keys a board reads as they are: RRF rejects `%` in a key, and nothing else needs escaping. */
const PLAIN_KEY = /^[A-Za-z0-9\-_.~]+$/;
const HEX = '0123456789abcdef';
const hexValue = (char: string | undefined) => (char === undefined ? -1 : HEX.indexOf(char.toLowerCase()));
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const utf8 = new TextEncoder();

/** Whether `text` holds a C0 control character or DEL, other than those `allowed`. */
export function hasControlCharacter(text: string, allowed = ''): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(char)) return true;
  }
  return false;
}
/** G-code sent in a query may hold tabs and line ends; the lexer reads them. */
const GCODE_WHITESPACE = '\t\n\r';
/** An escape left after decoding: the client encoded twice, and DSF decodes file names a second time. */
const LEFTOVER_ESCAPE = /%[0-9A-Fa-f]{2}/;
/** A segment of dots (and spaces, which Windows-style servers drop): `.`, `..`, `%2e%2E`, `.. `. */
const DOT_SEGMENT = /^[. ]*\.[. ]*$/;

/**
 * Bytes of raw target text: Node hands a request line's bytes on as Latin-1 characters; anything above U+00FF
 * (a target the portal built itself) is UTF-8. `%XX` is decoded when `decode`, `+` read as a space when `plus`.
 */
function decodeText(text: string, { plus }: { plus: boolean }): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '%') {
      const high = hexValue(text[i + 1]);
      const low = hexValue(text[i + 2]);
      if (high < 0 || low < 0) return null;
      bytes.push(high * 16 + low);
      i += 2;
    } else if (plus && char === '+') {
      bytes.push(0x20);
    } else {
      const code = text.codePointAt(i) as number;
      if (code <= 0xff) bytes.push(code);
      else {
        bytes.push(...utf8.encode(String.fromCodePoint(code)));
        if (code > 0xffff) i++;
      }
    }
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** DSF's routes whose rest is one file argument (DWC sends it as one encoded segment), by method. */
const FILE_ARGUMENT_ROUTES: ReadonlyMap<string, readonly BoardMethod[]> = new Map([
  ['machine/file', ['GET', 'PUT', 'DELETE']],
  ['machine/fileinfo', ['GET']],
  ['machine/directory', ['GET', 'PUT']],
]);

/**
 * Reads a client's request as the board will: `method` and `target`, the path after the portal's own prefix
 * (starting with `/`) and the raw query, exactly as the request line carried them.
 */
export function parseBoardRequest(method: string, target: string): BoardRequestParse {
  const upper = method.toUpperCase();
  if (!(BOARD_METHODS as readonly string[]).includes(upper))
    return refused(`${method} is not a board request`);
  if (target.includes('#')) return refused('A request target has no fragment');
  const mark = target.indexOf('?');
  const rawPath = mark < 0 ? target : target.slice(0, mark);
  const rawQuery = mark < 0 ? '' : target.slice(mark + 1);
  if (!rawPath.startsWith('/')) return refused('The path must start with /');

  const rawSegments = rawPath === '/' ? [] : rawPath.slice(1).split('/');
  const segments: string[] = [];
  let file: string | undefined;
  for (let index = 0; index < rawSegments.length; index++) {
    const raw = rawSegments[index] as string;
    const fileRoute = FILE_ARGUMENT_ROUTES.get(segments.join('/').toLowerCase());
    if (fileRoute?.includes(upper as BoardMethod)) {
      const read = fileArgument(rawSegments.slice(index));
      if (typeof read !== 'string') return read;
      file = read;
      break;
    }
    const segment = pathSegment(raw);
    if (typeof segment !== 'string') return segment;
    segments.push(segment);
  }

  const query = boardQueryOf(rawQuery);
  if (!Array.isArray(query)) return query as { ok: false; reason: string };
  const matched = routeOf(upper as BoardMethod, segments, file);
  if (!matched) return refused('Not a request a board answers');
  return {
    ok: true,
    request: {
      method: upper as BoardMethod,
      segments,
      ...(file !== undefined && { file }),
      query,
      route: matched,
    },
  };
}

const refused = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

function pathSegment(raw: string): string | { ok: false; reason: string } {
  if (raw === '') return refused('An empty path segment');
  if (raw.includes('\\') || hasControlCharacter(raw))
    return refused('A backslash or control character in the path');
  const decoded = decodeText(raw, { plus: false });
  if (decoded === null) return refused('A malformed escape in the path');
  if (/[/\\?#]/.test(decoded)) return refused('An encoded separator inside a path segment');
  if (hasControlCharacter(decoded)) return refused('A control character in the path');
  if (LEFTOVER_ESCAPE.test(decoded)) return refused('A doubly encoded path');
  if (DOT_SEGMENT.test(decoded)) return refused('A dot segment in the path');
  return decoded;
}

/**
 * DSF's file argument: the rest of the path decoded (its `/` included), each name checked as a segment is. DSF
 * decodes it a second time (`+` a space), so a leftover escape is refused and `+` read as the space DSF opens.
 */
function fileArgument(rawRest: string[]): string | { ok: false; reason: string } {
  for (const raw of rawRest) {
    if (raw.includes('\\') || hasControlCharacter(raw))
      return refused('A backslash or control character in the path');
    const decoded = decodeText(raw, { plus: false });
    if (decoded !== null && DOT_SEGMENT.test(decoded)) return refused('A dot segment in the path');
  }
  const file = decodeText(rawRest.join('/'), { plus: false });
  if (file === null || file === '') return refused('A malformed file name');
  if (file.includes('\\') || hasControlCharacter(file) || /[?#]/.test(file))
    return refused('A backslash or control character in the file name');
  if (LEFTOVER_ESCAPE.test(file)) return refused('A doubly encoded file name');
  if (file.split('/').some((name) => DOT_SEGMENT.test(name)))
    return refused('A dot segment in the file name');
  return file.replaceAll('+', ' ');
}

/** The query as the board reads it, or why it cannot be sure it would. */
function boardQueryOf(rawQuery: string): BoardQueryParam[] | { ok: false; reason: string } {
  if (rawQuery === '') return [];
  const pairs = rawQuery.split('&');
  if (pairs.length > BOARD_LIMITS.maxQueryParams)
    return refused(`A board reads at most ${BOARD_LIMITS.maxQueryParams} query parameters`);
  const query: BoardQueryParam[] = [];
  const seen = new Set<string>();
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (equals < 0 || !PLAIN_KEY.test(name)) return refused('A malformed query parameter');
    if (seen.has(name.toLowerCase())) return refused(`The parameter ${name} is given twice`);
    seen.add(name.toLowerCase());
    const value = decodeText(pair.slice(equals + 1), { plus: true });
    if (value === null) return refused(`A malformed escape in ${name}`);
    if (hasControlCharacter(value, GCODE_WHITESPACE)) return refused(`A control character in ${name}`);
    if (LEFTOVER_ESCAPE.test(value)) return refused(`${name} is doubly encoded`);
    query.push([name, value]);
  }
  return query;
}

function routeOf(
  method: BoardMethod,
  segments: readonly string[],
  file: string | undefined,
): BoardRoute | null {
  const path = routePath({ segments });
  const exact = ROUTES_BY_KEY.get(`${method} ${path}${file === undefined ? '' : '/'}`);
  if (exact) return exact;
  const api = path.startsWith('/rr_') || path === '/machine' || path.startsWith('/machine/');
  if (path.startsWith('/machine/') && file === undefined) return PLUGIN_ENDPOINT;
  if (!api && (method === 'GET' || method === 'HEAD')) return WEB_FILE;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Writing it for the board

/** Bytes a board reads literally in a path segment or a query value (`:` and `/` for RRF's file names). */
const LITERAL_IN_VALUE = /^[A-Za-z0-9\-_.~:/]$/;
const LITERAL_IN_SEGMENT = /^[A-Za-z0-9\-_.~:]$/;
/** DWC encodes DSF's file argument as one segment (`encodeURIComponent`): `:` and `/` escaped too. */
const LITERAL_IN_FILE = /^[A-Za-z0-9\-_.~]$/;

function encodeWith(text: string, literal: RegExp): string {
  let out = '';
  for (const byte of utf8.encode(text)) {
    const char = String.fromCharCode(byte);
    out += literal.test(char) ? char : `%${HEX[byte >> 4]}${HEX[byte & 15]}`.toUpperCase();
  }
  return out;
}

/** The request target (path and query) the gateway writes to the board: upper-case escapes, nothing else to read. */
export function serializeBoardTarget(request: Pick<BoardRequest, 'segments' | 'file' | 'query'>): string {
  let path = `/${request.segments.map((segment) => encodeWith(segment, LITERAL_IN_SEGMENT)).join('/')}`;
  if (request.file !== undefined) path += `/${encodeWith(request.file, LITERAL_IN_FILE)}`;
  if (request.query.length === 0) return path;
  return `${path}?${request.query.map(([name, value]) => `${name}=${encodeWith(value, LITERAL_IN_VALUE)}`).join('&')}`;
}

/**
 * A request the portal makes itself (the status follower, downloads, OctoPrint's face), built from its parts and
 * read back as a client's would be, so it meets the same rules. Throws for a request no board answers.
 */
export function boardRequest(
  method: BoardMethod,
  path: string,
  query: Readonly<Record<string, string>> = {},
): BoardRequest {
  const [routeText, file] = splitFileArgument(path);
  const built = serializeBoardTarget({
    segments: routeText === '/' ? [] : routeText.slice(1).split('/'),
    ...(file !== undefined && { file }),
    query: Object.entries(query),
  });
  const parsed = parseBoardRequest(method, built);
  if (!parsed.ok) throw new RangeError(`${method} ${path}: ${parsed.reason}`);
  return parsed.request;
}

/** `/machine/file/0:/gcodes/a.g` → `/machine/file` and its file argument `0:/gcodes/a.g`. */
function splitFileArgument(path: string): [string, string | undefined] {
  const match = /^(\/machine\/(?:file|fileinfo|directory))\/(.+)$/i.exec(path);
  if (!match || match[2]?.toLowerCase() === 'move') return [path, undefined];
  return [match[1] as string, match[2]];
}
