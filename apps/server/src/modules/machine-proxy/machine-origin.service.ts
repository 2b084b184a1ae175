import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type http2 from 'node:http2';
import type { Duplex } from 'node:stream';
import { LANGUAGES, type MachinePathName, proxyParamsSchema } from '@portal/contract';
import { type BoardRequest, serializeBoardTarget } from '@portal/duet/protocol';
import { GATEWAY_ANSWER_HEADER, type GatewayAnswer, websocketAccept } from '@portal/tunnel';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, unauthenticated } from '../../shared/app-error.ts';
import type { MachineOrigins } from '../../shared/machine-origins.ts';
import type { CheckedSession } from '../../shared/session.ts';
import { type SessionEvents, touchesControl } from '../auth/session-events.ts';
import {
  answerHeadOf,
  type BoardActivity,
  gatewayError,
  incomingBoardRequest,
} from '../board-client/board-client.ts';
import type { HolderAnswer, TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { relayBoardRoute } from './customer-scope.ts';
import { ENTRY_PARAMS, LANGUAGE_COOKIE } from './machine-error-page.ts';
import type { MachineGrant, MachineTokens } from './machine-tokens.ts';
import type { MachineVisit, MachineVisits } from './machine-visits.ts';

export interface MachineOriginDeps {
  registry: TunnelRegistry;
  /** The activity record, told of every request to a board. */
  activity: BoardActivity;
  access: MachineAccessService;
  tokens: MachineTokens;
  /** The session behind a machine credential must still be live (logout ends the frame too), and until when. */
  checkedSession: (claims: { id: number; sid: string }) => Promise<CheckedSession>;
  /** What a page's cookie opened a moment ago, so a polling panel is not checked again on every request. */
  visits: MachineVisits;
  /** Sessions ended or changed: an open board WebSocket checks its own again at once. */
  sessions: SessionEvents;
  sessionTtlSeconds: number;
  timeoutMs: number;
  /** Each machine's own origin: a request must come to the origin of the machine it names. */
  origins: MachineOrigins;
  /** The portal's origin, the only page allowed to frame a board's pages. */
  portalOrigin: string;
}

/** The cookie a ticket is traded for: its name, its value and how it is set. */
export interface MachineCookie {
  name: string;
  value: string;
  options: { path: '/'; httpOnly: true; sameSite: 'strict'; secure: boolean };
}

/** A machine-origin request's `/proxy/duet/{firmware}/{path}/{id}/…` parameters. */
type ProxyParams = z.infer<typeof proxyParamsSchema>;

const PROXY_PATH = /^\/proxy\/duet\/([^/]+)\/([^/]+)\/([^/]+)\/(.*)$/;
/** `/proxy/duet/{firmware}/{path}/{id}`: the path segments before the board's own. */
const PROXY_PREFIX_SEGMENTS = 5;

/**
 * The machine origins (docs/machine-origins.md): board pages run on their own machine's origin, never on the
 * portal's or another machine's. A frame enters with the portal's one-minute, single-use ticket, traded for an
 * HttpOnly cookie for that path of that machine; every later request of the page (and its object-model
 * WebSocket) carries the cookie, and is checked again. A request naming another machine than its origin's is
 * not found.
 */
export class MachineOriginService {
  readonly #deps: MachineOriginDeps;

  constructor(deps: MachineOriginDeps) {
    this.#deps = deps;
  }

  /**
   * One name per machine and path; `__Host-` (https only) keeps another machine's page from planting a cookie for
   * this one's host. Over http a page of the same site can still set one for the parent domain, which
   * `enterWithCookie` reads past.
   */
  cookieName(id: number, path: MachinePathName): string {
    return `${this.#deps.origins.secure ? '__Host-' : ''}machine_${id}_${path}`;
  }

  /**
   * The board request a request to the machine origin carries (read once, as the board will read it), once it
   * came to that machine's own origin and, for anything but a page of the board's web folder, from that machine's
   * own pages.
   */
  boardRequestOf(request: FastifyRequest, params: ProxyParams): BoardRequest {
    const { origins } = this.#deps;
    if (origins.controllerOf(request.hostname) !== params.id) throw new AppError('NOT_FOUND');
    const board = incomingBoardRequest(request.method, request.raw.url ?? '', PROXY_PREFIX_SEGMENTS);
    if (comesFromElsewhere(request.headers, origins.originOf(params.id), board)) {
      throw new AppError('FORBIDDEN', "Only this machine's own pages may call its board");
    }
    return board;
  }

  /**
   * Trades a frame's ticket for the machine's cookie, and where to send the browser next: the same address
   * without the ticket, still percent-encoded as the request line carried it (which Node admits in printable
   * ASCII only), since a decoded path could hold line breaks, which no Location header may.
   */
  async enterWithTicket(
    ticket: string,
    language: string | undefined,
    rawUrl: string,
    { id, path }: ProxyParams,
  ): Promise<{ cookies: MachineCookie[]; location: string }> {
    const location = withoutEntryParams(rawUrl);
    const grant = await this.#deps.tokens.redeemTicket(ticket);
    await this.#enter(grant, id, path);
    const value = await this.#deps.tokens.access(grant, this.#deps.sessionTtlSeconds);
    const options = {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.#deps.origins.secure,
    } as const;
    // The page's language, for the origin's own error pages (machine-error-page.ts).
    return {
      cookies: [
        { name: this.cookieName(id, path), value, options },
        ...(language !== undefined && (LANGUAGES as readonly string[]).includes(language)
          ? [{ name: LANGUAGE_COOKIE, value: language, options }]
          : []),
      ],
      location,
    };
  }

  /**
   * A later request of the page: its cookie must still grant this machine's path. A cookie of that name that
   * another page of the site planted for the parent domain (possible over http) is read past: only a value granting
   * this machine's path counts, and grants of two different sessions (someone else's planted beside the user's)
   * open nothing: whose panel it is cannot be told.
   */
  async enterWithCookie(cookieHeader: string | undefined, { id, path }: ProxyParams): Promise<MachineVisit> {
    const { visits } = this.#deps;
    const values = [...new Set(cookieValues(cookieHeader, this.cookieName(id, path)))].sort();
    // The same cookies for the same machine's path: what they opened a moment ago, unless it was revoked since.
    const key = `${id} ${path} ${values.join(' ')}`;
    const known = visits.get(key);
    if (known) return known;
    const generation = visits.generation;
    const { grant, expiresAt } = await this.#grantOfCookies(values, id, path);
    const { visit, sessionEndsAt } = await this.#enter(grant, id, path);
    visits.remember(key, visit, Math.min(expiresAt, sessionEndsAt), generation);
    return visit;
  }

  /** The grant of a page's cookie values, and when the first of their tokens expires. */
  async #grantOfCookies(
    values: readonly string[],
    id: number,
    path: MachinePathName,
  ): Promise<{ grant: MachineGrant; expiresAt: number }> {
    if (values.length === 0) throw unauthenticated('Open the control panel from the portal');
    const grants: (MachineGrant & { expiresAt: number })[] = [];
    for (const value of values) {
      const grant = await this.#deps.tokens.verifyAccess(value).catch(() => null);
      if (grant && grant.controllerId === id && grant.path === path) grants.push(grant);
    }
    const [first] = grants;
    const sameSession = (grant: MachineGrant) =>
      grant.userId === first?.userId && grant.sessionId === first.sessionId;
    if (!first || !grants.every(sameSession))
      throw unauthenticated('Open the control panel from the portal again');
    return { grant: first, expiresAt: Math.min(...grants.map((grant) => grant.expiresAt)) };
  }

  /** Relays the request to the board through the customer path's scope or the admin path as it is. */
  relay(
    request: FastifyRequest,
    reply: FastifyReply,
    { id, path }: ProxyParams,
    board: BoardRequest,
    { subject, reach }: MachineVisit,
  ) {
    return relayBoardRoute(this.#deps.registry, request, reply, path, {
      actor: { userId: subject.id, path, sessionId: subject.sessionId },
      activity: this.#deps.activity,
      control: reach.control,
      controllerId: id,
      target: 'board',
      board,
      timeoutMs: this.#deps.timeoutMs,
      headers: this.#answerHeaders(board),
    });
  }

  /**
   * A board WebSocket (DSF's /machine object-model socket) opened from this machine's own pages, riding an
   * extended-CONNECT stream through the tunnel; it ends as soon as its session or access does.
   */
  async upgradeToBoard(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const { origins, registry, timeoutMs, sessions } = this.#deps;
    // The raw target, as the board request below reads it: a URL parser would remove dot segments first.
    const rawUrl = request.url ?? '/';
    const match = PROXY_PATH.exec(rawUrl.split('?', 1)[0] ?? '');
    const key = request.headers['sec-websocket-key'];
    const params = proxyParamsSchema.safeParse({
      firmware: match?.[1],
      path: match?.[2],
      id: match?.[3],
      '*': match?.[4],
    });
    if (!params.success || typeof key !== 'string') throw new AppError('NOT_FOUND');
    if (origins.controllerOf(hostnameOf(request.headers.host)) !== params.data.id) {
      throw new AppError('NOT_FOUND');
    }
    const { origin } = request.headers;
    if (origin !== undefined && origin !== origins.originOf(params.data.id)) {
      throw new AppError('FORBIDDEN', "Only this machine's own pages may open its board's socket");
    }
    const board = incomingBoardRequest('GET', rawUrl, PROXY_PREFIX_SEGMENTS);
    if (board.route.key !== 'GET /machine') throw new AppError('NOT_FOUND');
    const cookies = cookieValues(request.headers.cookie, this.cookieName(params.data.id, params.data.path));
    const { grant } = await this.#grantOfCookies([...new Set(cookies)], params.data.id, params.data.path);
    const { subject, reach } = (await this.#enter(grant, params.data.id, params.data.path)).visit;
    const stream = registry.open(params.data.id, {
      method: 'CONNECT',
      protocol: 'websocket',
      target: 'board',
      path: serializeBoardTarget(board),
      waitMs: timeoutMs,
      actor: { userId: subject.id, path: params.data.path, sessionId: subject.sessionId },
    });
    if (!stream) throw new AppError('GATEWAY_OFFLINE');
    stream.on('error', () => socket.destroy());
    const timeout = AbortSignal.timeout(timeoutMs);
    const answer = await answerHeadOf(stream, timeout).catch(() => {
      stream.close();
      throw new AppError(timeout.aborted ? 'BOARD_TIMEOUT' : 'GATEWAY_OFFLINE');
    });
    const status = answer[':status'] ?? 502;
    if (status !== 200) {
      const own = answer[GATEWAY_ANSWER_HEADER] as GatewayAnswer | HolderAnswer | undefined;
      if (own) {
        stream.close();
        throw gatewayError(own);
      }
      // The board's own refusal (DSF's 401 for a session key it no longer knows): the client reads it as a board's,
      // and logs in again as it would on the LAN.
      const body = await boardRefusalBody(stream);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: ${answer['content-type'] ?? 'text/plain'}\r\n` +
          `Content-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n`,
      );
      socket.end(body);
      return;
    }
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${websocketAccept(key)}\r\n\r\n`,
    );
    if (head.length) stream.write(head);
    socket.pipe(stream).pipe(socket);
    // The socket outlives the request that opened it: it ends as soon as its session or access does, and is
    // checked again when the service session it rests on ends by itself.
    const checkAgain = () => {
      this.#enter(grant, params.data.id, params.data.path).catch((error: unknown) => {
        if (error instanceof AppError) socket.destroy();
      });
    };
    const unsubscribe = sessions.subscribe((change) => {
      if (touchesControl(change, subject, reach.businessId)) checkAgain();
    });
    const sessionEnd = reach.control.session
      ? setTimeout(checkAgain, Math.max(0, reach.control.session.endsAt - Date.now()))
      : undefined;
    socket.once('close', () => {
      unsubscribe();
      clearTimeout(sessionEnd);
      stream.close();
    });
    stream.once('close', () => socket.destroy());
  }

  /**
   * Board pages may be framed by the portal only; only the board's web folder is served as a page. The board's
   * API answers never run as one, and a file read from the card (an HTML file a customer uploaded into 0:/gcodes)
   * goes out as a download: an attachment, never sniffed, in a sandbox.
   */
  #answerHeaders(board: BoardRequest): Record<string, string> {
    const framing = `frame-ancestors ${this.#deps.portalOrigin}`;
    if (board.route.action === 'web')
      return { 'cache-control': 'no-store', 'content-security-policy': framing };
    return {
      'cache-control': 'no-store',
      'content-security-policy': `sandbox; default-src 'none'; ${framing}`,
      'x-content-type-options': 'nosniff',
      ...(board.route.action === 'read' && { 'content-disposition': 'attachment' }),
    };
  }

  /**
   * Whether the grant still opens this machine's path: the control panel is control, so someone outside a business
   * that requires consent needs an open service session for it (docs/design.md §11).
   */
  async #enter(
    grant: MachineGrant,
    controllerId: number,
    path: MachinePathName,
  ): Promise<{ visit: MachineVisit; sessionEndsAt: number }> {
    if (grant.controllerId !== controllerId || grant.path !== path) {
      throw unauthenticated('Not for this machine');
    }
    const { subject, endsAt } = await this.#deps.checkedSession({ id: grant.userId, sid: grant.sessionId });
    const reach = await this.#deps.access.control(subject, controllerId, path);
    return { visit: { subject, reach }, sessionEndsAt: endsAt };
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
  headers: Record<string, string | string[] | undefined>,
  ownOrigin: string,
  board: BoardRequest,
): boolean {
  const site = headers['sec-fetch-site'];
  const origin = headers.origin;
  const fromItself =
    (site === undefined || site === 'same-origin' || site === 'none') &&
    (origin === undefined || origin === ownOrigin);
  if (fromItself) return false;
  const opensPage = board.route.action === 'web' && headers['sec-fetch-mode'] === 'navigate';
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

/** Every value the Cookie header gives `name` (a browser sends a host-only and a parent-domain cookie side by side). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

/** The host name of a Host header, without its port. */
function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':', 1)[0] ?? '');
}

/** A board's refusal of a WebSocket is a short text: at most this much of it is passed on. */
const MAX_REFUSAL_BYTES = 4096;

/** The body of a board's refusal, cut at MAX_REFUSAL_BYTES; whatever it holds when the stream fails. */
async function boardRefusalBody(stream: http2.ClientHttp2Stream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_REFUSAL_BYTES) break;
    }
  } catch {
    // Cut short: what arrived is enough for a refusal.
  }
  stream.close();
  return Buffer.concat(chunks).subarray(0, MAX_REFUSAL_BYTES);
}
