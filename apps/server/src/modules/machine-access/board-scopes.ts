import type { BoardRequest } from '@portal/duet/protocol';

/**
 * What a board request does, read the way the board will read it, and the customer path's scope
 * (`/proxy/duet/{firmware}/customer/{id}/…`): running the machine is allowed, changing its configuration,
 * firmware, network or web pages is for the admin path. The slicer tokens' upload scope
 * (`slicer-access/slicer-scope.ts`) reads requests with the same helpers; `docs/board-access.md` sets both
 * scopes side by side.
 *
 * Everything here errs towards refusing: a name the board would read one way and this code another is refused.
 */

export type ScopeDecision = { allowed: true } | { allowed: false; reason: string };

export const ALLOWED: ScopeDecision = { allowed: true };
export const refuse = (reason: string): ScopeDecision => ({ allowed: false, reason });

// ---------------------------------------------------------------------------------------------------------
// Paths

/** A file or folder on the board: its drive and its names, without `.`/`..`, empty or escaped segments. */
export interface BoardPath {
  drive: number;
  segments: readonly string[];
}

export const ROOT: BoardPath = { drive: 0, segments: [] };
export const GCODES: BoardPath = { drive: 0, segments: ['gcodes'] };
export const SYS: BoardPath = { drive: 0, segments: ['sys'] };

/**
 * Characters no allowed name needs and that let one name mean two files: FatFs reads `\` as a separator and
 * `~1` as a short 8.3 alias (`CONFIG~1.G` is config-override.g), `%XX` is decoded once more by DSF, a quote ends a
 * G-code string, a control character ends a G-code line.
 */
const UNSAFE_NAME = /[\\"~*?<>|]|%[0-9A-Fa-f]{2}/;

/** A C0 control character or DEL. */
const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char === '\x7f');

/**
 * Reads a board path: `0:/gcodes/a.g`, `0:gcodes/a.g` or a relative `gcodes/a.g` (against `base`; refused when
 * `base` is null, for commands whose base folder is not known). A name is compared the way FatFs opens it:
 * leading spaces and trailing dots and spaces dropped (`sys.` is `sys`, `.. ` is `..`), case ignored by the
 * callers. A path that starts with `/` but names no drive is refused unless `rootSlash`: DSF reads it as a
 * path on the SBC's own Linux file system.
 */
export function boardPath(
  raw: string,
  base: BoardPath | null = ROOT,
  { rootSlash = false }: { rootSlash?: boolean } = {},
): BoardPath | null {
  if (UNSAFE_NAME.test(raw) || hasControl(raw)) return null;
  const drive = /^([0-9]+):/.exec(raw);
  let start: BoardPath;
  let rest: string;
  if (drive) {
    start = { drive: Number(drive[1]), segments: [] };
    rest = raw.slice(drive[0].length);
  } else if (raw.startsWith('/')) {
    if (!rootSlash) return null;
    start = ROOT;
    rest = raw;
  } else {
    if (!base) return null;
    start = base;
    rest = raw;
  }
  const segments = [...start.segments];
  for (const part of rest.split('/')) {
    if (part === '') continue;
    const name = part.replace(/^ +/, '').replace(/[. ]+$/, '');
    if (name === '' || name.includes(':')) return null;
    segments.push(name);
  }
  return { drive: start.drive, segments };
}

const lower = (path: BoardPath, index: number) => (path.segments.at(index) ?? '').toLowerCase();
const onDriveZero = (path: BoardPath, folder: string) => path.drive === 0 && lower(path, 0) === folder;

/** Folders of the customer path: jobs, macros and filament settings, everything below them (not the folder). */
export const CUSTOMER_FOLDERS = ['gcodes', 'macros', 'filaments'] as const;
/** Duet Web Control keeps its settings here (RRF 3.x); the customer path may write exactly this file. */
export const DWC_SETTINGS = '0:/sys/dwc-settings.json';
/** The board's configuration: run only at start-up (M999 restarts it cleanly) or on the admin path. */
const CONFIG_FILES = new Set(['config.g', 'config-override.g']);

/** Strictly inside 0:/gcodes, 0:/macros or 0:/filaments. */
export function inCustomerFolder(path: BoardPath): boolean {
  return path.segments.length >= 2 && CUSTOMER_FOLDERS.some((folder) => onDriveZero(path, folder));
}

function isDwcSettings(path: BoardPath): boolean {
  return path.segments.length === 2 && onDriveZero(path, 'sys') && lower(path, 1) === 'dwc-settings.json';
}

/** A file the customer path may write or delete: inside its folders, or DWC's settings file. */
export function customerWritable(path: BoardPath): boolean {
  return inCustomerFolder(path) || isDwcSettings(path);
}

/** G-code of 0:/sys (config.g, the files it includes, system macros) may hold the board and WiFi passwords. */
export function customerReadable(path: BoardPath): boolean {
  return !(onDriveZero(path, 'sys') && lower(path, -1).endsWith('.g'));
}

/** Whether the customer path may read the file a board path names (`0:/…` or relative to the root). */
export function customerMayRead(name: string): boolean {
  const path = boardPath(name);
  return path !== null && customerReadable(path);
}

/** A file the customer path may run (M98, M32, M23, M37): its folders, and 0:/sys macros but the configuration. */
export function customerRunnable(path: BoardPath): boolean {
  if (inCustomerFolder(path)) return true;
  const name = lower(path, -1);
  return (
    onDriveZero(path, 'sys') && path.segments.length >= 2 && name.endsWith('.g') && !CONFIG_FILES.has(name)
  );
}

/** A height map (G29, M374, M375 `P`): a CSV directly in 0:/sys (its default place) or in a customer folder. */
function heightMap(path: BoardPath): boolean {
  if (!lower(path, -1).endsWith('.csv')) return false;
  return inCustomerFolder(path) || (onDriveZero(path, 'sys') && path.segments.length === 2);
}

// ---------------------------------------------------------------------------------------------------------
// G-code: lines read by packages/duet's lexer as the boards read them, checked by customer-gcode.ts on this
// file's path rules (handed over here, so that neither file imports the other).

import { CUSTOMER_DENIED_MCODES, createCustomerGcodeCheck } from './customer-gcode.ts';

export { CUSTOMER_DENIED_MCODES };

/** One line of G-code (console or file) on the customer path; `customerGcode` checks a whole text. */
export const { customerGcodeLine, customerGcode } = createCustomerGcodeCheck<BoardPath>({
  boardPath: (raw, base) => boardPath(raw, base),
  sys: SYS,
  gcodes: GCODES,
  inCustomerFolder,
  customerWritable,
  customerRunnable,
  heightMap,
});

// ---------------------------------------------------------------------------------------------------------
// Request paths

/** A request whose body the scope must read first: DSF's G-code and its move form. */
export type ScopeBody =
  | { kind: 'code'; text: string }
  | { kind: 'form'; fields: ReadonlyMap<string, string[]> };

/**
 * How a refusal is answered, as the board answers a failed operation: `err` is HTTP 200 `{"err":1}` (the rr_
 * calls' own failure channel; a 403 would make DWC's poll connector log in again and retry without end),
 * `missing` a 404 (rr_download has no `err`), `forbidden` a 403 with the portal's error body (DSF, whose REST
 * connector reports it, and requests no Duet client makes).
 */
export type RefusalAnswer = 'err' | 'missing' | 'forbidden';

/** `answer` says how to refuse, also when an allowed upload later fails its line check (`scanUpload`). */
export type CustomerDecision =
  | { allowed: true; scanUpload: boolean; answer: RefusalAnswer }
  | { allowed: false; reason: string; answer: RefusalAnswer };

/** What a customer-path rule sees: the query (names in lower case), DSF's file argument, the read body. */
interface RuleContext {
  query: ReadonlyMap<string, string>;
  /** DSF's `{path}` after `/machine/file/` and the like, as DSF opens it. */
  target: string;
  body: ScopeBody | undefined;
}

type RuleResult = ScopeDecision & { scanUpload?: boolean };

/** One row of the customer path's table: a request, what decides it, how it is refused. */
export interface CustomerScopeRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route (lower case), ending in `/` for DSF's routes with a file argument (`BoardRoute.key`'s path). */
  route: string;
  answer: RefusalAnswer;
  /** Set for requests whose body decides (read before the request goes on). */
  body?: ScopeBody['kind'];
  rule: (context: RuleContext) => RuleResult;
}

const always = (): RuleResult => ALLOWED;

/** A query parameter naming a path, checked against `ok`; absent counts as refused unless `optional`. */
const namedPath =
  (param: string, ok: (path: BoardPath) => boolean, what: string, { optional = false } = {}) =>
  ({ query }: RuleContext): RuleResult => {
    const value = query.get(param);
    if (value === undefined) return optional ? ALLOWED : refuse(`${param} is missing`);
    const path = boardPath(value);
    return path && ok(path) ? ALLOWED : refuse(what);
  };

/** An upload: allowed where the customer writes; a file for the customer folders is checked line by line. */
const upload =
  (name: (context: RuleContext) => string | undefined) =>
  (context: RuleContext): RuleResult => {
    const value = name(context);
    const path = value === undefined ? null : boardPath(value);
    if (!path || !customerWritable(path)) return refuse(WRITE_ONLY_IN_FOLDERS);
    return { allowed: true, scanUpload: inCustomerFolder(path) };
  };

const WRITE_ONLY_IN_FOLDERS = `Only files in 0:/gcodes, 0:/macros, 0:/filaments and ${DWC_SETTINGS} may be changed on the customer path`;
const READ_REFUSED = 'The G-code of 0:/sys (configuration, passwords) is read on the admin path only';

const readable = (path: BoardPath) => customerReadable(path);
const formField = (body: ScopeBody | undefined, name: string): string | undefined => {
  if (body?.kind !== 'form') return undefined;
  const values = body.fields.get(name);
  return values?.length === 1 ? values[0] : undefined;
};

/**
 * The customer path's scope, one row per request a board answers. A request that matches no row is refused
 * (`forbidden`), except a web file of 0:/www (DWC itself).
 */
export const CUSTOMER_SCOPE: readonly CustomerScopeRow[] = [
  // RepRapFirmware (and DSF's emulation of it)
  ...[
    '/rr_connect',
    '/rr_disconnect',
    '/rr_model',
    '/rr_status',
    '/rr_config',
    '/rr_reply',
    '/rr_upload',
  ].map((route): CustomerScopeRow => ({ method: 'GET', route, answer: 'forbidden', rule: always })),
  ...['/rr_filelist', '/rr_files', '/rr_fileinfo'].map(
    (route): CustomerScopeRow => ({ method: 'GET', route, answer: 'err', rule: always }),
  ),
  {
    method: 'GET',
    route: '/rr_gcode',
    answer: 'err',
    rule: ({ query }) => customerGcode(query.get('gcode') ?? ''),
  },
  {
    method: 'GET',
    route: '/rr_download',
    answer: 'missing',
    rule: namedPath('name', readable, READ_REFUSED),
  },
  {
    method: 'GET',
    route: '/rr_thumbnail',
    answer: 'err',
    rule: namedPath('name', readable, READ_REFUSED),
  },
  { method: 'POST', route: '/rr_upload', answer: 'err', rule: upload(({ query }) => query.get('name')) },
  {
    method: 'GET',
    route: '/rr_delete',
    answer: 'err',
    rule: namedPath('name', customerWritable, WRITE_ONLY_IN_FOLDERS),
  },
  {
    method: 'GET',
    route: '/rr_move',
    answer: 'err',
    rule: (context) => {
      const from = namedPath('old', inCustomerFolder, WRITE_ONLY_IN_FOLDERS)(context);
      return from.allowed ? namedPath('new', inCustomerFolder, WRITE_ONLY_IN_FOLDERS)(context) : from;
    },
  },
  {
    method: 'GET',
    route: '/rr_mkdir',
    answer: 'err',
    rule: namedPath('dir', inCustomerFolder, WRITE_ONLY_IN_FOLDERS),
  },
  // Duet Software Framework
  ...[
    '/machine',
    '/machine/connect',
    '/machine/disconnect',
    '/machine/noop',
    '/machine/status',
    '/machine/model',
  ].map((route): CustomerScopeRow => ({ method: 'GET', route, answer: 'forbidden', rule: always })),
  {
    method: 'POST',
    route: '/machine/code',
    answer: 'forbidden',
    body: 'code',
    rule: ({ body }) => customerGcode(body?.kind === 'code' ? body.text : ''),
  },
  {
    method: 'GET',
    route: '/machine/file/',
    answer: 'forbidden',
    rule: ({ target }) => (pathOk(target, readable) ? ALLOWED : refuse(READ_REFUSED)),
  },
  { method: 'GET', route: '/machine/fileinfo/', answer: 'forbidden', rule: dsfPath(() => true) },
  { method: 'GET', route: '/machine/directory/', answer: 'forbidden', rule: dsfPath(() => true) },
  { method: 'PUT', route: '/machine/file/', answer: 'forbidden', rule: upload(({ target }) => target) },
  { method: 'DELETE', route: '/machine/file/', answer: 'forbidden', rule: dsfPath(customerWritable) },
  { method: 'PUT', route: '/machine/directory/', answer: 'forbidden', rule: dsfPath(inCustomerFolder) },
  {
    method: 'POST',
    route: '/machine/file/move',
    answer: 'forbidden',
    body: 'form',
    rule: ({ body }) => {
      const from = boardPath(formField(body, 'from') ?? '');
      const to = boardPath(formField(body, 'to') ?? '');
      return from && to && inCustomerFolder(from) && inCustomerFolder(to)
        ? ALLOWED
        : refuse(WRITE_ONLY_IN_FOLDERS);
    },
  },
];

function pathOk(target: string, ok: (path: BoardPath) => boolean): boolean {
  const path = boardPath(target);
  return path !== null && ok(path);
}

function dsfPath(ok: (path: BoardPath) => boolean) {
  return ({ target }: RuleContext): RuleResult =>
    pathOk(target, ok) ? ALLOWED : refuse(WRITE_ONLY_IN_FOLDERS);
}

const ROWS_BY_ROUTE = new Map(CUSTOMER_SCOPE.map((row) => [`${row.method} ${row.route}`, row]));

/** The row of the customer path's table that decides a request read at the edge, if any. */
export function customerScopeRow(request: Pick<BoardRequest, 'route'>): CustomerScopeRow | undefined {
  return ROWS_BY_ROUTE.get(request.route.key);
}

/**
 * The customer path's decision on one board request. `body` is the read body of a row that asks for it
 * (DSF's G-code, its move form).
 */
export function customerScope(request: BoardRequest, body?: ScopeBody): CustomerDecision {
  if (request.route.action === 'web') return { allowed: true, scanUpload: false, answer: 'forbidden' };
  const row = customerScopeRow(request);
  if (!row) return { allowed: false, reason: 'This request is for the admin path', answer: 'forbidden' };
  const query = new Map(request.query.map(([name, value]) => [name.toLowerCase(), value]));
  const decision = row.rule({ query, target: request.file ?? '', body });
  return decision.allowed
    ? { allowed: true, scanUpload: decision.scanUpload ?? false, answer: row.answer }
    : { allowed: false, reason: decision.reason, answer: row.answer };
}

/**
 * DSF's move form (url-encoded or multipart, as ASP.NET binds either), names lower-cased: ASP.NET matches them
 * without case. A form that cannot be read has no fields, which the scope refuses.
 */
export async function formFieldsOf(
  bytes: Buffer,
  contentType: string | undefined,
): Promise<Map<string, string[]>> {
  const fields = new Map<string, string[]>();
  if (!contentType) return fields;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return fields;
  }
  for (const [name, value] of form.entries()) {
    const key = name.toLowerCase();
    fields.set(key, [...(fields.get(key) ?? []), typeof value === 'string' ? value : '']);
  }
  return fields;
}
