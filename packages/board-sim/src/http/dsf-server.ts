import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type DsfDirectoryEntry,
  dsfEmulatesRrf,
  type FirmwareVersion,
  formatBoardDate,
  parseBoardDate,
  readUploadCrc,
  SESSION_KEY_HEADER,
} from '@portal/duet';
import type { Machine } from '../machine/machine.ts';
import { formatSdPath, parseSdPath, resolveInFolder, type SdCard } from '../sd/sd-card.ts';
import { type ApiResult, json, reject } from './api-result.ts';
import type { DsfSession, DsfSessions } from './dsf-sessions.ts';
import { writeDsf } from './dsf-wire.ts';
import type { FaultSwitches } from './faults.ts';
import { clientAddress, headerValue } from './network.ts';
import { hasNoPassword, passwordAccepted } from './passwords.ts';
import { handleRrGet, type RrApiContext } from './rr-api.ts';
import { SERVICE_UNAVAILABLE } from './rrf-wire.ts';
import { beginUpload, receiveUpload } from './upload.ts';
import { serveWebFile } from './web-files.ts';

export interface SbcContext {
  readonly firmware: FirmwareVersion;
  readonly password: string;
  readonly machine: Machine;
  readonly sd: SdCard;
  readonly sessions: DsfSessions;
  readonly faults: FaultSwitches;
  /** DSF's rr_* emulation (3.5+). */
  readonly rrApi: RrApiContext;
}

const NOT_AUTHORIZED = reject(401, 'Unauthorized');

/** The caller's DSF session: its key header, or its address while the password is the default. */
export function dsfSession(context: SbcContext, ip: string, key: string | undefined): DsfSession | undefined {
  const session = context.sessions.find(ip, key);
  if (session || key !== undefined || !hasNoPassword(context.password)) return session;
  context.sessions.createForAddress(ip, context.machine.replies.seq);
  return context.sessions.find(ip, undefined);
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function decodePath(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** A `{path}` route argument: percent-decoded, relative to the card root as DSF resolves it. */
function routePath(encoded: string): string | null {
  const decoded = decodePath(encoded);
  return decoded === null ? null : formatSdPath(parseSdPath(decoded));
}

function listDirectory(sd: SdCard, path: string): ApiResult {
  const entries = sd.list(path);
  if (!entries) return reject(404, path);
  return json(
    entries.map(
      (entry): DsfDirectoryEntry => ({
        type: entry.isDirectory ? 'd' : 'f',
        name: entry.name,
        ...(entry.isDirectory ? {} : { size: entry.size }),
        date: formatBoardDate(entry.modified),
      }),
    ),
  );
}

async function moveFile(context: SbcContext, request: IncomingMessage): Promise<ApiResult> {
  const body = await readBody(request);
  const form = await new Response(new Uint8Array(body), {
    headers: { 'Content-Type': headerValue(request, 'Content-Type') ?? 'application/x-www-form-urlencoded' },
  })
    .formData()
    .catch(() => null);
  const from = form?.get('from');
  const to = form?.get('to');
  if (typeof from !== 'string' || typeof to !== 'string') return reject(400, 'from and to are required');
  const force = form?.get('force') === 'true';
  const source = resolveInFolder(from, '0:/');
  const target = resolveInFolder(to, '0:/');
  if (!context.sd.stat(source)) return force ? { kind: 'empty', status: 204 } : reject(404, from);
  if (context.sd.stat(target) && !force) return reject(409, to);
  return context.sd.move(source, target, true)
    ? { kind: 'empty', status: 204 }
    : reject(500, `Failed to move ${from}`);
}

async function routeMachine(
  context: SbcContext,
  request: IncomingMessage,
  route: string,
  url: URL,
): Promise<ApiResult | null> {
  const method = (request.method ?? 'GET').toUpperCase();
  const ip = clientAddress(request);
  const machine = context.machine;
  if (route === 'connect' && method === 'GET') {
    if (!passwordAccepted(context.password, url.searchParams.get('password') ?? ''))
      return reject(403, 'Forbidden');
    return json({ sessionKey: context.sessions.create(ip, machine.replies.seq) });
  }
  const session = dsfSession(context, ip, headerValue(request, SESSION_KEY_HEADER));
  if (!session) return NOT_AUTHORIZED;
  const [area, ...rest] = route.split('/');
  const argument = rest.join('/');
  switch (`${method} ${area}`) {
    case 'GET noop':
      return { kind: 'empty', status: 204 };
    case 'GET disconnect':
      context.sessions.remove(ip, headerValue(request, SESSION_KEY_HEADER));
      return { kind: 'empty', status: 204 };
    case 'GET status':
    case 'GET model':
      return json(machine.dsfModel());
    case 'POST code': {
      const code = (await readBody(request)).toString('utf8');
      if (url.searchParams.get('async') === 'true') {
        void machine.execute(code, { logReply: false });
        return { kind: 'text', text: '' };
      }
      const release = context.sessions.hold(session);
      const reply = await machine.execute(code, { logReply: false }).finally(release);
      return { kind: 'text', text: reply };
    }
    case 'POST file':
      return argument === 'move' ? moveFile(context, request) : null;
    case 'GET file': {
      const path = routePath(argument);
      const data = path === null ? undefined : context.sd.read(path);
      if (path === null || !data) return reject(404, argument);
      return {
        kind: 'file',
        name: path,
        data,
        gzip: false,
        noCache: true,
        contentType: 'application/octet-stream',
      };
    }
    case 'PUT file': {
      const path = routePath(argument);
      const length = headerValue(request, 'Content-Length');
      const modified = url.searchParams.get('timeModified');
      const upload = {
        sd: context.sd,
        path: path ?? '',
        expectedLength: length === undefined ? null : Number(length),
        expectedCrc: null,
        modified: (modified && parseBoardDate(modified)) || undefined,
      };
      if (path === null || !beginUpload(upload)) return reject(500, `Failed to create ${argument}`);
      const release = context.sessions.hold(session);
      const outcome = await receiveUpload(request, upload).finally(release);
      if (outcome === 'aborted') return null;
      return outcome === 'stored' ? { kind: 'empty', status: 201 } : reject(500, 'Incomplete upload');
    }
    case 'DELETE file': {
      const path = routePath(argument);
      if (path === null || !context.sd.stat(path)) return reject(404, argument);
      const deleted = context.sd.delete(path, url.searchParams.get('recursive') === 'true');
      return deleted ? { kind: 'empty', status: 204 } : reject(500, `Failed to delete ${argument}`);
    }
    case 'GET directory': {
      const path = routePath(argument);
      return path === null ? reject(404, argument) : listDirectory(context.sd, path);
    }
    case 'PUT directory': {
      const path = routePath(argument);
      return path !== null && context.sd.mkdirs(path)
        ? { kind: 'empty', status: 201 }
        : reject(500, argument);
    }
    case 'GET fileinfo': {
      const path = routePath(argument);
      const thumbnailContent = url.searchParams.get('readThumbnailContent')?.toLowerCase() === 'true';
      const facts = path === null ? null : machine.fileInfo(path, { thumbnailContent });
      return facts ? json(facts) : reject(404, argument);
    }
    default:
      return reject(404, 'Not Found');
  }
}

async function routeEmulatedRrf(
  context: SbcContext,
  request: IncomingMessage,
  name: string,
  url: URL,
): Promise<ApiResult | null> {
  const params = new Map<string, string>();
  for (const [key, value] of url.searchParams)
    if (!params.has(key.toLowerCase())) params.set(key.toLowerCase(), value);
  const ip = clientAddress(request);
  const rrRequest = { name, params, ip, keyHeader: headerValue(request, SESSION_KEY_HEADER) };
  const method = (request.method ?? 'GET').toUpperCase();
  if (method === 'GET') return handleRrGet(context.rrApi, rrRequest);
  if (method !== 'POST' || name !== 'upload') return reject(405, 'Method Not Allowed');
  if (!context.rrApi.auth.session(rrRequest) && !hasNoPassword(context.password)) return NOT_AUTHORIZED;
  const length = headerValue(request, 'Content-Length');
  const upload = {
    sd: context.sd,
    path: resolveInFolder(params.get('name') ?? '', '0:/'),
    expectedLength: length === undefined ? null : Number(length),
    expectedCrc: readUploadCrc(params.get('crc32')),
    modified: (params.get('time') && parseBoardDate(params.get('time') as string)) || undefined,
  };
  if (!params.get('name') || !beginUpload(upload)) return json({ err: 1 });
  const outcome = await receiveUpload(request, upload);
  if (outcome === 'aborted') return null;
  context.rrApi.uploads.lastFailed = outcome !== 'stored';
  return json({ err: outcome === 'stored' ? 0 : 1 });
}

/** Serves a request as an SBC running DSF does: /machine REST, rr_* emulation from 3.5, web files. */
export async function serveSbc(
  context: SbcContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { faults } = context;
  await faults.beforeAnswer();
  const url = new URL(request.url ?? '/', 'http://board');
  const machineRoute = /^\/machine\/(.+)$/.exec(url.pathname);
  const rrRoute = /^\/rr_(.+)$/.exec(url.pathname);
  const isApi = machineRoute !== null || (rrRoute !== null && dsfEmulatesRrf(context.firmware));
  if (isApi && faults.takeServiceUnavailable(request.url ?? '')) {
    request.socket.end(SERVICE_UNAVAILABLE);
    return;
  }
  let result: ApiResult | null;
  if (machineRoute) {
    result = await routeMachine(context, request, machineRoute[1] as string, url);
  } else if (rrRoute && dsfEmulatesRrf(context.firmware)) {
    result = await routeEmulatedRrf(context, request, (rrRoute[1] as string).toLowerCase(), url);
  } else if (url.pathname === '/rr_connect') {
    // DSF 3.4 has no rr_* emulation and keeps /rr_connect out of its page fallback: clients probe this 404.
    result = reject(404, 'Not Found');
  } else {
    const path = decodePath(url.pathname);
    result = path === null ? reject(400, 'Bad Request') : serveWebFile(context.sd, path);
  }
  if (result) writeDsf(response, result, faults);
}
