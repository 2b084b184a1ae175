import {
  type BoardRequest,
  boardParam,
  type GcodeCommand,
  gcodeLines,
  readGcodeLine,
  routePath,
} from '@portal/duet/protocol';
import { ALLOWED, boardPath, ROOT, refuse, type ScopeDecision } from '../machine-access/board-scopes.ts';

/**
 * What an upload-and-print token lets a slicer do (connect, upload into 0:/gcodes, start or simulate that file
 * and read status), decided on the request as the board will read it, with the customer path's readers of
 * queries and names (machine-access/board-scopes.ts), so `%22`, literal quotes and `%2E%2E` all mean what the
 * board would make of them. Anything not listed is refused: an allow-list, since a slicer sends these few requests
 * only. docs/board-access.md sets this scope beside the customer path's.
 */

export type { ScopeDecision } from '../machine-access/board-scopes.ts';

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

/** Connecting, status and replies: everything the customer path allows of them but `rr_config` and the socket. */
const STATUS_READS = new Set([
  'GET /rr_connect',
  'GET /rr_disconnect',
  'GET /rr_status',
  'GET /rr_model',
  'GET /rr_reply',
  'GET /rr_upload', // the result of the last upload
  'GET /machine/connect',
  'GET /machine/disconnect',
  'GET /machine/noop',
  'GET /machine/status',
  'GET /machine/model',
]);
/** GETs whose parameter names a file or folder that must lie in 0:/gcodes (absent: the board's default there). */
const FILE_READS: Record<string, { param: string; folder: boolean; optional: boolean }> = {
  'GET /rr_fileinfo': { param: 'name', folder: false, optional: true },
  'GET /rr_filelist': { param: 'dir', folder: true, optional: false },
  'GET /rr_files': { param: 'dir', folder: true, optional: true },
  'GET /rr_download': { param: 'name', folder: false, optional: false },
  'GET /rr_thumbnail': { param: 'name', folder: false, optional: false },
};
const DSF_READS = new Set(['GET /machine/file/', 'GET /machine/fileinfo/', 'GET /machine/directory/']);

const READ_ONLY_GCODES = 'An upload token may only read inside 0:/gcodes';
const UPLOAD_ONLY_GCODES = 'An upload token may only upload into 0:/gcodes';
const START_ONLY = 'An upload token may only start or simulate a file in 0:/gcodes';

/**
 * The upload-and-print scope, on the request read at the edge. `body` is the G-code text of DSF's
 * `POST machine/code` (the route reads it first, since it decides).
 */
export function uploadScope(request: BoardRequest, body?: string): ScopeDecision {
  const { key } = request.route;
  if (STATUS_READS.has(key)) return ALLOWED;
  if (key === 'GET /rr_gcode')
    return allowedGcode(boardParam(request, 'gcode') ?? '') ? ALLOWED : refuse(START_ONLY);
  const read = FILE_READS[key];
  if (read) {
    const value = boardParam(request, read.param);
    if (value === undefined && read.optional) return ALLOWED;
    return value !== undefined && inGcodes(value, { folder: read.folder })
      ? ALLOWED
      : refuse(READ_ONLY_GCODES);
  }
  if (DSF_READS.has(key)) {
    const folder = routePath(request) === '/machine/directory';
    return inGcodes(request.file ?? '', { folder }) ? ALLOWED : refuse(READ_ONLY_GCODES);
  }
  if (key === 'POST /rr_upload')
    return inGcodes(boardParam(request, 'name') ?? '') ? ALLOWED : refuse(UPLOAD_ONLY_GCODES);
  if (key === 'PUT /machine/file/')
    return inGcodes(request.file ?? '') ? ALLOWED : refuse(UPLOAD_ONLY_GCODES);
  if (key === 'POST /machine/code') {
    return body !== undefined && allowedGcode(body) ? ALLOWED : refuse(START_ONLY);
  }
  return refuse('An upload token does not allow this request');
}

/** What an allowed `rr_gcode` asks of a file: `print` it (`M32 "…"`) or `simulate` it (`M37 P"…"`). */
export interface FileRun {
  kind: 'print' | 'simulate';
  file: string;
}

/**
 * The file `code` starts or simulates when it is one allowed `M32` or `M37 P` of 0:/gcodes; null for `M37` alone,
 * a poll or anything else.
 */
export function fileRun(code: string): FileRun | null {
  if (!allowedGcode(code)) return null;
  const [command] = [...gcodeLines(code)].flatMap((text) => {
    const line = readGcodeLine(text);
    return line.ambiguous === null ? line.reading.commands : [];
  });
  const file = command ? fileToRun(command) : null;
  if (file === null) return null;
  return { kind: command?.number === 32 ? 'print' : 'simulate', file };
}
