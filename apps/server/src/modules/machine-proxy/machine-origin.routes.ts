import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { fastifyCookie } from '@fastify/cookie';
import { LANGUAGES, type MachinePathName, proxyParamsSchema } from '@portal/contract';
import { websocketAccept } from '@portal/tunnel';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthenticated } from '../../shared/app-error.ts';
import type { MachineOrigins } from '../../shared/machine-origins.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { type SessionEvents, touches } from '../auth/session-events.ts';
import { answerHeadOf, boardPathOf } from '../board-client/board-client.ts';
import { refuseUpgrade } from '../gateway/tunnel-endpoint.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { relayBoardRoute } from './customer-scope.ts';
import { ENTRY_PARAMS, LANGUAGE_COOKIE } from './machine-error-page.ts';
import type { MachineGrant, MachineTokens } from './machine-tokens.ts';

export interface MachineOriginRoutesOptions {
  registry: TunnelRegistry;
  access: MachineAccessService;
  tokens: MachineTokens;
  /** The session behind a machine credential must still be live (logout ends the frame too). */
  checkSession: (claims: { id: number; sid: string }) => Promise<SessionSubject>;
  /** Sessions ended or changed: an open board WebSocket checks its own again at once. */
  sessions: SessionEvents;
  sessionTtlSeconds: number;
  timeoutMs: number;
  /** Each machine's own origin: a request must come to the origin of the machine it names. */
  origins: MachineOrigins;
  /** The portal's origin, the only page allowed to frame a board's pages. */
  portalOrigin: string;
}

const PROXY_PATH = /^\/proxy\/duet\/([^/]+)\/([^/]+)\/([^/]+)\/(.*)$/;
/** What a board answers for its own API (RRF `rr_*`, DSF `machine/…`): data, never a page to run. */
const BOARD_API_PATH = /^\/(rr_|machine(\/|$))/i;

/**
 * The machine origins (docs/machine-origins.md): board pages run on their own machine's origin, never on the
 * portal's or another machine's. A frame enters with the portal's one-minute, single-use ticket, traded for an
 * HttpOnly cookie for that path of that machine; every later request of the page (and its object-model
 * WebSocket) carries the cookie, and is checked again. A request naming another machine than its origin's is
 * not found.
 */
export async function machineOriginRoutes(app: FastifyInstance, options: MachineOriginRoutesOptions) {
  await app.register(fastifyCookie);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const cookieName = (path: MachinePathName) =>
    // `__Host-` (https only) keeps another machine's page from planting a cookie for this one's host.
    `${options.origins.secure ? '__Host-' : ''}machine_${path}`;
  const framing = `frame-ancestors ${options.portalOrigin}`;
  /** Board pages may be framed by the portal only; the board's API answers never run as a page. */
  const answerHeaders = (boardPath: string) => ({
    'cache-control': 'no-store',
    'content-security-policy': BOARD_API_PATH.test(boardPath)
      ? `sandbox; default-src 'none'; ${framing}`
      : framing,
  });

  const enter = async (grant: MachineGrant, controllerId: number, path: MachinePathName) => {
    if (grant.controllerId !== controllerId || grant.path !== path)
      throw unauthenticated('Not for this machine');
    const subject = await options.checkSession({ id: grant.userId, sid: grant.sessionId });
    await options.access.reach(subject, controllerId, path);
    return subject;
  };

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: '/proxy/duet/:firmware/:path/:id/*',
    handler: async (request, reply) => {
      const params = proxyParamsSchema.safeParse(request.params);
      if (!params.success) throw new AppError('NOT_FOUND');
      const { path, id } = params.data;
      if (options.origins.controllerOf(request.hostname) !== id) throw new AppError('NOT_FOUND');
      const boardPath = boardPathOf(params.data['*'], request.raw.url);
      if (comesFromElsewhere(request.method, request.headers, options.origins.originOf(id), boardPath)) {
        throw new AppError('FORBIDDEN', "Only this machine's own pages may call its board");
      }
      const ticket = new URL(request.url, 'http://machine').searchParams.get('ticket');
      if (ticket !== null && request.method === 'GET') {
        // Still percent-encoded as the request line carried it (which Node admits in printable ASCII only): a
        // decoded path could hold line breaks, which no Location header may.
        const location = withoutEntryParams(request.raw.url ?? '');
        const grant = await options.tokens.redeemTicket(ticket);
        await enter(grant, id, path);
        const cookie = {
          path: '/',
          httpOnly: true,
          sameSite: 'strict',
          secure: options.origins.secure,
        } as const;
        reply.setCookie(
          cookieName(path),
          await options.tokens.access(grant, options.sessionTtlSeconds),
          cookie,
        );
        const language = new URL(request.url, 'http://machine').searchParams.get('lang');
        if (language && (LANGUAGES as readonly string[]).includes(language)) {
          reply.setCookie(LANGUAGE_COOKIE, language, cookie);
        }
        return reply.redirect(location, 303);
      }
      const token = request.cookies[cookieName(path)];
      if (!token) throw unauthenticated('Open the control panel from the portal');
      await enter(await options.tokens.verifyAccess(token), id, path);
      return relayBoardRoute(options.registry, request, reply, path, {
        controllerId: id,
        target: 'board',
        path: boardPath,
        timeoutMs: options.timeoutMs,
        headers: answerHeaders(boardPath),
      });
    },
  });

  // Board WebSockets (DSF's /machine object-model socket) ride an extended-CONNECT stream through the tunnel.
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    upgradeToBoard(request, socket, head).catch((error: unknown) => {
      const failure = error instanceof AppError ? error : new AppError('GATEWAY_OFFLINE');
      refuseUpgrade(socket, failure.statusCode, failure.code, failure.message);
    });
  });

  async function upgradeToBoard(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://machine');
    const match = PROXY_PATH.exec(url.pathname);
    const key = request.headers['sec-websocket-key'];
    const params = proxyParamsSchema.safeParse({
      firmware: match?.[1],
      path: match?.[2],
      id: match?.[3],
      '*': match?.[4],
    });
    if (!params.success || typeof key !== 'string') throw new AppError('NOT_FOUND');
    if (options.origins.controllerOf(hostnameOf(request.headers.host)) !== params.data.id) {
      throw new AppError('NOT_FOUND');
    }
    const { origin } = request.headers;
    if (origin !== undefined && origin !== options.origins.originOf(params.data.id)) {
      throw new AppError('FORBIDDEN', "Only this machine's own pages may open its board's socket");
    }
    const token = fastifyCookie.parse(request.headers.cookie ?? '')[cookieName(params.data.path)];
    if (!token) throw unauthenticated();
    const grant = await options.tokens.verifyAccess(token);
    const subject = await enter(grant, params.data.id, params.data.path);
    const stream = options.registry.open(params.data.id, {
      method: 'CONNECT',
      protocol: 'websocket',
      target: 'board',
      path: `/${params.data['*']}${url.search}`,
      waitMs: options.timeoutMs,
    });
    if (!stream) throw new AppError('GATEWAY_OFFLINE');
    stream.on('error', () => socket.destroy());
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const answer = await answerHeadOf(stream, timeout).catch(() => {
      stream.close();
      throw new AppError(timeout.aborted ? 'BOARD_TIMEOUT' : 'GATEWAY_OFFLINE');
    });
    if (answer[':status'] !== 200) {
      stream.close();
      throw new AppError(answer[':status'] === 504 ? 'BOARD_TIMEOUT' : 'BOARD_OFFLINE');
    }
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${websocketAccept(key)}\r\n\r\n`,
    );
    if (head.length) stream.write(head);
    socket.pipe(stream).pipe(socket);
    // The socket outlives the request that opened it: it ends as soon as its session or access does.
    const unsubscribe = options.sessions.subscribe((change) => {
      if (!touches(change, subject)) return;
      enter(grant, params.data.id, params.data.path).catch((error: unknown) => {
        if (error instanceof AppError) socket.destroy();
      });
    });
    socket.once('close', () => {
      unsubscribe();
      stream.close();
    });
    stream.once('close', () => socket.destroy());
  }
}

/**
 * Every machine's origin is same-site with the portal and with the other machines (the cookie needs it), so a
 * browser sends this machine's SameSite cookie along with requests another machine's page makes, a plain
 * `<img>` or form included. Browsers say where a request comes from (`Sec-Fetch-Site`, `Origin`): the board's
 * API answers this machine's own pages (and clients that are no browser) only; from elsewhere (the portal's
 * frame) a browser may only open a page, which reads nothing and changes nothing.
 */
function comesFromElsewhere(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  ownOrigin: string,
  boardPath: string,
): boolean {
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  const fromItself =
    (site === undefined || site === 'same-origin' || site === 'none') &&
    (origin === undefined || origin === ownOrigin);
  if (fromItself) return false;
  const opensPage =
    (method === 'GET' || method === 'HEAD') &&
    headers['sec-fetch-mode'] === 'navigate' &&
    !BOARD_API_PATH.test(boardPath);
  return !opensPage;
}

/** The request's raw path and query without its entry parameters; every other byte as the client sent it. */
function withoutEntryParams(rawUrl: string): string {
  const mark = rawUrl.indexOf('?');
  if (mark < 0) return rawUrl;
  const kept = rawUrl
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '' && !ENTRY_PARAMS.some((name) => new URLSearchParams(pair).has(name)));
  return kept.length ? `${rawUrl.slice(0, mark)}?${kept.join('&')}` : rawUrl.slice(0, mark);
}

/** The host name of a Host header, without its port. */
function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':', 1)[0] ?? '');
}
