import {
  apiLevelOf,
  BOARD_LIMITS,
  type FirmwareVersion,
  formatBoardDate,
  RR_CONNECT_ERR,
  type RrConnectResponse,
  type RrFilelistEntry,
  type RrThumbnailInfo,
  supportsSessionKeys,
} from '@portal/duet';
import type { GcodeFileFacts } from '../machine/job-control.ts';
import type { Machine } from '../machine/machine.ts';
import { queryModel } from '../machine/model-query.ts';
import {
  RR_THUMBNAIL_CHUNK_CHARS,
  readEmbeddedThumbnails,
  readThumbnailChunk,
} from '../sd/gcode-thumbnails.ts';
import { parseSdPath, resolveInFolder, type SdCard, type SdEntry } from '../sd/sd-card.ts';
import { type ApiResult, json, reject } from './api-result.ts';
import { hasNoPassword, passwordAccepted } from './passwords.ts';
import { legacyStatus } from './rr-status.ts';

/** One `rr_*` request: its name after `rr_` (lower case), query parameters (names lower case) and caller. */
export interface RrRequest {
  readonly name: string;
  readonly params: ReadonlyMap<string, string>;
  readonly ip: string;
  readonly keyHeader: string | undefined;
}

/** A session as the rr_* handlers need it; RRF's table and DSF's emulation both provide it. */
export interface RrSession {
  replyCursor: number;
}

export interface RrAuth {
  /** The caller's session (refreshed), if any. */
  session(request: RrRequest): RrSession | undefined;
  /** Opens a session after a successful password check; null when no slot is free. */
  login(request: RrRequest, withKey: boolean): { key: number } | null;
  logout(request: RrRequest): boolean;
}

export interface RrApiContext {
  readonly firmware: FirmwareVersion;
  /** DSF's rr_* emulation (3.5+) rather than RRF itself. */
  readonly emulated: boolean;
  readonly password: string;
  readonly machine: Machine;
  readonly sd: SdCard;
  readonly auth: RrAuth;
  readonly uploads: { lastFailed: boolean };
}

/** rr_filelist stops at about this many bytes and says where to go on with `next`. */
export const FILELIST_CHUNK_BYTES = 2048;

function datePart(entry: SdEntry): { date?: string } {
  return entry.modified.getFullYear() > 1980 ? { date: formatBoardDate(entry.modified) } : {};
}

function integer(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Visible entries of a folder from `first` on: the page, and the index to continue at (0 = complete). */
function pageOf<T>(
  entries: readonly SdEntry[],
  first: number,
  max: number,
  toItem: (entry: SdEntry) => T,
): { items: T[]; next: number } {
  const visible = entries.filter((entry) => !entry.name.startsWith('.'));
  const items: T[] = [];
  let bytes = 0;
  for (let index = first; index < visible.length; index++) {
    const item = toItem(visible[index] as SdEntry);
    bytes += JSON.stringify(item).length;
    if ((max >= 0 && items.length >= max) || (items.length > 0 && bytes > FILELIST_CHUNK_BYTES)) {
      return { items, next: index };
    }
    items.push(item);
  }
  return { items, next: 0 };
}

function listing(context: RrApiContext, dir: string): SdEntry[] | number {
  const path = parseSdPath(dir);
  if (!context.sd.isMounted(path.volume)) return 1;
  return context.sd.list(dir) ?? 2;
}

function connect(context: RrApiContext, request: RrRequest): ApiResult {
  const emulated = context.emulated ? { isEmulated: true as const } : {};
  const existing = context.firmware === '3.4' && context.auth.session(request);
  if (!existing && !passwordAccepted(context.password, request.params.get('password') ?? '')) {
    return json({ err: RR_CONNECT_ERR.wrongPassword, ...emulated } satisfies RrConnectResponse);
  }
  const session = context.auth.login(request, request.params.get('sessionkey')?.toLowerCase() === 'yes');
  if (!session) return json({ err: RR_CONNECT_ERR.noFreeSession, ...emulated } satisfies RrConnectResponse);
  const boardType = context.machine.profile.boardType;
  const sessionTimeout = BOARD_LIMITS.sessionTimeoutMs;
  if (context.emulated) {
    return json({
      apiLevel: 1,
      err: RR_CONNECT_ERR.accepted,
      isEmulated: true,
      sessionTimeout,
      boardType,
    } satisfies RrConnectResponse);
  }
  const apiLevel = apiLevelOf(context.firmware);
  const key = supportsSessionKeys(context.firmware) ? { sessionKey: session.key } : {};
  return json({
    err: RR_CONNECT_ERR.accepted,
    sessionTimeout,
    boardType,
    apiLevel,
    ...key,
  } satisfies RrConnectResponse);
}

function gcode(context: RrApiContext, request: RrRequest): ApiResult {
  const code = request.params.get('gcode') ?? '';
  const machine = context.machine;
  if (code !== '') {
    if (code.length >= machine.bufferSpace) return json({ err: 1 });
    void machine.execute(code, { logReply: true });
  }
  return json(
    context.emulated ? { bufferSpace: machine.bufferSpace, err: 0 } : { buff: machine.bufferSpace },
  );
}

function model(context: RrApiContext, request: RrRequest): ApiResult {
  const key = request.params.get('key') ?? '';
  const flags = request.params.get('flags') ?? '';
  // DSF checks the arguments before passing them on (docs/duet-http.md §2.3).
  if (context.emulated && (!/^[A-Za-z0-9.[\]]*$/.test(key) || !/^[A-Za-z0-9]*$/.test(flags)))
    return json({ err: 1 });
  if (!context.emulated) return json(queryModel(context.machine.rrfModel(), key, flags));
  // DSF answers from its own model, without `seqs` (docs/duet-http.md §3.1): live queries get only its reply counter
  // (docs/duet-http.md §2.3).
  const live = flags.includes('f') ? { seqs: { reply: context.machine.replies.seq } } : {};
  return json(queryModel({ ...context.machine.dsfModel(), ...live }, key, flags));
}

function filelist(context: RrApiContext, request: RrRequest, dir: string): ApiResult {
  const first = integer(request.params.get('first'), 0);
  const entries = listing(context, dir);
  if (typeof entries === 'number') return json({ dir, first, files: [], err: entries });
  const max = context.firmware === '3.6' ? integer(request.params.get('max'), -1) : -1;
  const { items, next } = pageOf(
    entries,
    first,
    max,
    (entry): RrFilelistEntry => ({
      type: entry.isDirectory ? 'd' : 'f',
      name: entry.name,
      size: entry.size,
      ...datePart(entry),
    }),
  );
  return json({ dir, first, files: items, next });
}

function files(context: RrApiContext, request: RrRequest): ApiResult {
  const dir = request.params.get('dir') ?? '0:/gcodes';
  const first = integer(request.params.get('first'), 0);
  const entries = listing(context, dir);
  if (typeof entries === 'number') return json({ dir, first, files: [], err: entries });
  const flagDirs = request.params.get('flagdirs') === '1';
  const { items, next } = pageOf(entries, first, integer(request.params.get('max'), -1), (entry) =>
    entry.isDirectory && flagDirs ? `*${entry.name}` : entry.name,
  );
  return json({ dir, first, files: items, next });
}

/**
 * rr_fileinfo's thumbnails in the order RRF writes their fields, without DSF's `data`; DSF's emulation leaves
 * an empty list out (docs/duet-http.md §1.3, §2.3).
 */
function thumbnailList(
  context: RrApiContext,
  thumbnails: GcodeFileFacts['thumbnails'],
): { thumbnails?: RrThumbnailInfo[] } {
  if (context.emulated && thumbnails.length === 0) return {};
  return {
    thumbnails: thumbnails.map(({ width, height, format, offset, size }) => ({
      width,
      height,
      format,
      offset,
      size,
    })),
  };
}

function fileinfo(context: RrApiContext, request: RrRequest): ApiResult {
  const name = request.params.get('name');
  const facts = context.machine.fileInfo(name);
  if (!facts)
    return json(name === undefined ? { err: 1 } : { err: 1, fileName: resolveInFolder(name, '0:/gcodes') });
  const { printTime, simulatedTime, thumbnails, ...known } = facts;
  const printDuration = name === undefined ? context.machine.printDuration : null;
  return json({
    err: 0,
    ...known,
    ...thumbnailList(context, thumbnails),
    ...(printTime ? { printTime } : {}),
    ...(simulatedTime ? { simulatedTime } : {}),
    ...(printDuration !== null ? { printDuration } : {}),
  });
}

/** The leading digits of a parameter as an unsigned number, as RRF's StrToU32 reads it (0 without any). */
function unsigned(value: string | undefined): number {
  const digits = /^\s*\+?(\d+)/.exec(value ?? '');
  return digits ? Number(digits[1]) : 0;
}

/**
 * rr_thumbnail (docs/duet-http.md §1.3, §2.3). RRF reads the file from `offset` and answers at most
 * RR_THUMBNAIL_CHUNK_CHARS characters of base64 with the `next` offset; DSF's emulation answers the rest of
 * the thumbnail its parser found at that offset in one go, `next` 0.
 */
function thumbnail(context: RrApiContext, request: RrRequest): ApiResult {
  const name = request.params.get('name');
  const offset = unsigned(request.params.get('offset'));
  const data = name ? context.sd.read(resolveInFolder(name, '0:/gcodes')) : undefined;
  if (context.emulated) {
    const found = data
      ? readEmbeddedThumbnails(data).find(
          (item) => item.data !== null && offset >= item.dataOffset && offset < item.dataOffset + item.size,
        )
      : undefined;
    if (!found?.data) return json({ err: 1 });
    return json({
      fileName: name,
      offset,
      data: found.data.slice(offset - found.dataOffset),
      next: 0,
      err: 0,
    });
  }
  if (name === undefined || offset === 0) return json({ err: 1 });
  if (!data) return json({ fileName: name, offset, err: 1 });
  const chunk = readThumbnailChunk(data, offset, RR_THUMBNAIL_CHUNK_CHARS);
  return json({ fileName: name, offset, data: chunk.data, next: chunk.next, err: chunk.err });
}

/** Handles a GET `rr_*` request as RRF's SendJsonResponse does, authentication included. */
export function handleRrGet(context: RrApiContext, request: RrRequest): ApiResult {
  const { auth, machine, sd, params } = { ...context, params: request.params };
  const name = request.name;
  if (name !== 'connect' && !auth.session(request) && hasNoPassword(context.password)) {
    auth.login(request, false);
  }
  const session = auth.session(request);
  if (session && name === 'reply') {
    const text = machine.replies.since(session.replyCursor);
    session.replyCursor = machine.replies.seq;
    return { kind: 'text', text };
  }
  if (session && name === 'download' && params.has('name')) {
    const path = resolveInFolder(params.get('name') as string, '0:/');
    const data = sd.read(path);
    return data
      ? { kind: 'file', name: path, data, gzip: false, noCache: true }
      : reject(404, 'file not found');
  }
  if (name === 'connect' && params.has('password')) return connect(context, request);
  if (!session) return reject(401, 'Not authorized');
  switch (name) {
    case 'model':
      return model(context, request);
    case 'disconnect':
      if (context.emulated) {
        auth.logout(request);
        return { kind: 'empty', status: 204 };
      }
      return json({ err: auth.logout(request) ? 0 : 1 });
    case 'gcode':
      return gcode(context, request);
    case 'fileinfo':
      return fileinfo(context, request);
    case 'filelist':
      if (params.has('dir')) return filelist(context, request, params.get('dir') as string);
      break;
    case 'files':
      return files(context, request);
    case 'upload':
      return json({ err: context.uploads.lastFailed ? 1 : 0 });
    case 'delete':
      if (params.has('name')) {
        const recursive = context.firmware !== '3.4' && params.get('recursive')?.toLowerCase() === 'yes';
        return json({
          err: sd.delete(resolveInFolder(params.get('name') as string, '0:/'), recursive) ? 0 : 1,
        });
      }
      break;
    case 'move': {
      const from = params.get('old');
      const to = params.get('new');
      const replace = params.get('deleteexisting')?.toLowerCase() === 'yes';
      const moved =
        from !== undefined &&
        to !== undefined &&
        sd.move(resolveInFolder(from, '0:/'), resolveInFolder(to, '0:/'), replace);
      return json({ err: moved ? 0 : 1 });
    }
    case 'mkdir': {
      const dir = params.get('dir');
      return json({ err: dir !== undefined && sd.mkdir(resolveInFolder(dir, '0:/')) ? 0 : 1 });
    }
    case 'thumbnail':
      return thumbnail(context, request);
    case 'status': {
      const type = integer(params.get('type'), 1);
      return json(legacyStatus(machine, type >= 1 && type <= 3 ? type : 1));
    }
  }
  return reject(500, 'Unknown request');
}
