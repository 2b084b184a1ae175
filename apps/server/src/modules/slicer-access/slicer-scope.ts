import { type GcodeCommand, gcodeLines, readGcodeLine } from '@portal/duet/protocol';
import {
  ALLOWED,
  type BoardRequestView,
  boardPath,
  boardQuery,
  ROOT,
  refuse,
  type ScopeDecision,
} from '../machine-access/board-scopes.ts';

/**
 * What an upload-and-print token lets a slicer do (issue: "connect, upload into 0:/gcodes, start or simulate that
 * file and read status"), decided on the request as the board will read it, with the customer path's readers of
 * queries and names (machine-access/board-scopes.ts), so `%22`, literal quotes and `%2E%2E` all mean what the
 * board would make of them. Anything not listed is refused: an allow-list, since a slicer sends these few requests
 * only. docs/board-access.md sets this scope beside the customer path's.
 */

export type { BoardRequestView, ScopeDecision } from '../machine-access/board-scopes.ts';
export { boardQuery };

/**
 * Whether `path` (`0:/gcodes/x`, `/gcodes/x` or DSF's relative `gcodes/x`) lies in the G-code folder, read as the
 * board reads names (machine-access/board-scopes.ts: no `.`/`..`, backslash, quote, control character, 8.3 alias
 * or leftover escape on the way).
 */
export function inGcodes(path: string, { folder = false } = {}): boolean {
  const read = boardPath(path, ROOT, { rootSlash: true });
  if (read?.drive !== 0 || read.segments[0]?.toLowerCase() !== 'gcodes') return false;
  return folder || read.segments.length > 1;
}

/** The file of `M32 "file"` (starts a print) or `M37 P"file"` (simulates one), if the command is one of those. */
function fileToRun(command: GcodeCommand): string | null {
  const [parameter, ...more] = command.parameters;
  if (command.letter !== 'M' || command.fraction !== null || !parameter || more.length > 0) return null;
  if (parameter.kind !== 'string') return null;
  const expected = command.number === 32 ? null : command.number === 37 ? 'P' : undefined;
  return parameter.letter === expected ? parameter.value : null;
}

/**
 * Whether G-code is what a slicer sends to start or simulate a file in 0:/gcodes, `M37` alone to end the
 * simulation (Cura does), or nothing (a poll). Read with packages/duet's lexer, lines cut as the boards cut them:
 * one command at most, no meta command, nothing the boards could read two ways.
 */
export function allowedGcode(code: string): boolean {
  const commands: GcodeCommand[] = [];
  for (const text of gcodeLines(code)) {
    const line = readGcodeLine(text);
    if (line.ambiguous !== null || line.reading.meta) return false;
    commands.push(...line.reading.commands);
  }
  const [command, ...more] = commands;
  if (!command) return true;
  if (more.length > 0) return false;
  if (command.letter === 'M' && command.number === 37 && command.fraction === null) {
    if (command.parameters.length === 0) return true;
  }
  const file = fileToRun(command);
  return file !== null && /^0:\/gcodes\/[^{}]+$/.test(file) && inGcodes(file);
}

const STATUS_READS = new Set(['/rr_connect', '/rr_disconnect', '/rr_status', '/rr_model', '/rr_reply']);
const DSF_STATUS_READS = new Set([
  '/machine/connect',
  '/machine/disconnect',
  '/machine/noop',
  '/machine/status',
  '/machine/model',
]);
/** GETs whose parameter names a file or folder that must lie in 0:/gcodes (absent: the board's default there). */
const FILE_READS: Record<string, { param: string; folder: boolean; optional: boolean }> = {
  '/rr_fileinfo': { param: 'name', folder: false, optional: true },
  '/rr_filelist': { param: 'dir', folder: true, optional: false },
  '/rr_files': { param: 'dir', folder: true, optional: true },
  '/rr_download': { param: 'name', folder: false, optional: false },
  '/rr_thumbnail': { param: 'name', folder: false, optional: false },
};
const DSF_FILE_ROUTES = /^\/machine\/(file|fileinfo|directory)\/(.+)$/;

function decodedPath(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/**
 * The upload-and-print scope. `body` is the G-code text of DSF's `POST machine/code` (the route reads it first,
 * since it decides).
 */
export function uploadScope(request: BoardRequestView, body?: string): ScopeDecision {
  const method = request.method.toUpperCase();
  const query = boardQuery(request.query);
  if (!query) return refuse('A parameter is given twice');
  const { path } = request;
  if (method === 'GET') {
    if (STATUS_READS.has(path) || DSF_STATUS_READS.has(path)) return ALLOWED;
    if (path === '/rr_upload') return ALLOWED; // the result of the last upload
    if (path === '/rr_gcode') {
      return allowedGcode(query.get('gcode') ?? '')
        ? ALLOWED
        : refuse('An upload token may only start or simulate a file in 0:/gcodes');
    }
    const read = FILE_READS[path];
    if (read) {
      const value = query.get(read.param);
      if (value === undefined && read.optional) return ALLOWED;
      return value !== undefined && inGcodes(value, { folder: read.folder })
        ? ALLOWED
        : refuse('An upload token may only read inside 0:/gcodes');
    }
    const dsf = DSF_FILE_ROUTES.exec(path);
    if (dsf) {
      const target = decodedPath(dsf[2] as string);
      return target !== null && inGcodes(target, { folder: dsf[1] === 'directory' })
        ? ALLOWED
        : refuse('An upload token may only read inside 0:/gcodes');
    }
  }
  if (method === 'POST' && path === '/rr_upload') {
    return inGcodes(query.get('name') ?? '')
      ? ALLOWED
      : refuse('An upload token may only upload into 0:/gcodes');
  }
  if (method === 'PUT' && path.startsWith('/machine/file/')) {
    const target = decodedPath(path.slice('/machine/file/'.length));
    return target !== null && inGcodes(target)
      ? ALLOWED
      : refuse('An upload token may only upload into 0:/gcodes');
  }
  if (method === 'POST' && path === '/machine/code') {
    return body !== undefined && allowedGcode(body)
      ? ALLOWED
      : refuse('An upload token may only start or simulate a file in 0:/gcodes');
  }
  return refuse('An upload token does not allow this request');
}
