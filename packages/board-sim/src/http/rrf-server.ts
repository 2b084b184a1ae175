import type { IncomingMessage } from 'node:http';
import {
  BOARD_LIMITS,
  parseBoardDate,
  parseBoardTarget,
  readUploadCrc,
  SESSION_KEY_HEADER,
} from '@portal/duet';
import { resolveInFolder } from '../sd/sd-card.ts';
import { reject } from './api-result.ts';
import type { FaultSwitches } from './faults.ts';
import { clientAddress, headerValue } from './network.ts';
import { handleRrGet, type RrApiContext, type RrRequest } from './rr-api.ts';
import type { RrfSessions } from './rrf-sessions.ts';
import { SERVICE_UNAVAILABLE, writeRrf } from './rrf-wire.ts';
import { beginUpload, receiveUpload } from './upload.ts';
import { serveWebFile } from './web-files.ts';

export interface StandaloneContext {
  readonly api: RrApiContext;
  readonly sessions: RrfSessions;
  readonly faults: FaultSwitches;
}

/** Bytes RRF keeps of a request head: the request line and each `key value`, with separators. */
function headBytes(request: IncomingMessage): number {
  let bytes = `${request.method} ${request.url} HTTP/${request.httpVersion}`.length + 1;
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    bytes +=
      (request.rawHeaders[index] as string).length + 1 + (request.rawHeaders[index + 1] as string).length + 1;
  }
  return bytes;
}

/** The `rr_` request name of a path (`rr_x` or `/rr_x`, case-sensitive prefix), or null for a web file. */
function rrName(path: string): string | null {
  const match = /^\/?rr_(.*)$/.exec(path);
  return match ? (match[1] as string).toLowerCase() : null;
}

/**
 * Serves a request the way RepRapFirmware's HttpResponder does (docs/duet-http.md §1.1): its parser limits,
 * GET for everything, POST only for rr_upload, OPTIONS, raw answers on a connection that always closes.
 */
export async function serveStandalone(context: StandaloneContext, request: IncomingMessage): Promise<void> {
  const { api, faults } = context;
  const socket = request.socket;
  await faults.beforeAnswer();
  if (request.rawHeaders.length / 2 > BOARD_LIMITS.maxHeaders) {
    writeRrf(socket, reject(500, 'too many header key-value pairs'), faults);
    return;
  }
  if (headBytes(request) > BOARD_LIMITS.maxHeadBytes) {
    writeRrf(socket, reject(500, 'overflow'), faults);
    return;
  }
  // An absolute-form target (a proxy's request) counts from its path.
  const rawTarget = (request.url ?? '').replace(/^http:\/\/[^/]*/, '');
  const target = parseBoardTarget(rawTarget);
  if (!target.ok) {
    writeRrf(socket, reject(500, target.reason), faults);
    return;
  }
  const name = rrName(target.path);
  const rrRequest: RrRequest = {
    name: name ?? '',
    params: target.params,
    ip: clientAddress(request),
    keyHeader: headerValue(request, SESSION_KEY_HEADER),
  };
  const method = (request.method ?? '').toUpperCase();
  if (method === 'GET' && name === null) {
    writeRrf(socket, serveWebFile(api.sd, target.path), faults);
    return;
  }
  if (method === 'OPTIONS') {
    writeRrf(socket, { kind: 'empty', status: 204 }, faults);
    return;
  }
  if (faults.takeServiceUnavailable(request.url ?? '')) {
    socket.end(SERVICE_UNAVAILABLE);
    return;
  }
  if (method === 'GET') {
    writeRrf(socket, handleRrGet(api, rrRequest), faults);
    return;
  }
  const session =
    method === 'POST'
      ? context.sessions.find(rrRequest.ip, context.sessions.keyOf(rrRequest.keyHeader))
      : undefined;
  if (!session) {
    writeRrf(socket, reject(500, 'Unknown message type or not authenticated'), faults);
    return;
  }
  const path = target.params.get('name');
  if (name !== 'upload' || path === undefined) {
    writeRrf(socket, reject(500, 'only rr_upload is supported for POST requests'), faults);
    return;
  }
  const length = headerValue(request, 'Content-Length');
  if (length === undefined) {
    writeRrf(socket, reject(500, 'invalid POST upload request'), faults);
    return;
  }
  const time = target.params.get('time');
  const upload = {
    sd: api.sd,
    path: path === '' ? '' : resolveInFolder(path, '0:/'),
    expectedLength: Number(length),
    expectedCrc: readUploadCrc(target.params.get('crc32')),
    modified: (time && parseBoardDate(time)) || undefined,
  };
  if (!beginUpload(upload)) {
    writeRrf(socket, reject(500, 'could not create file'), faults);
    return;
  }
  session.uploading = true;
  const outcome = await receiveUpload(request, upload);
  context.sessions.endUpload(session);
  if (outcome === 'aborted') return;
  api.uploads.lastFailed = outcome !== 'stored';
  writeRrf(socket, { kind: 'json', value: { err: outcome === 'stored' ? 0 : 1 } }, faults);
}
