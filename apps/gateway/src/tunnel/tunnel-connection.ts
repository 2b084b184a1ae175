import { EventEmitter } from 'node:events';
import type http2 from 'node:http2';
import {
  acceptServerSession,
  CLOSE_CODES,
  GATEWAY_VERSION_HEADER,
  keepAlive,
  TUNNEL_PATH,
} from '@portal/tunnel';
import type { Logger } from 'pino';
import WebSocket from 'ws';
import { type BackoffOptions, backoffDelay } from './backoff.ts';

export interface TunnelConnectionOptions {
  /** The portal's base URL: ws(s):// or http(s)://, optionally with a path prefix. */
  server: string;
  /** The `Authorization` header of the upgrade request (the controller id and its key). */
  authorization: string;
  /** The gateway's version, reported on every connection. */
  version: string;
  backoff: BackoffOptions;
  heartbeat: { intervalMs: number; deadAfterMs: number };
  handshakeTimeoutMs: number;
  random: () => number;
  logger: Logger;
}

export interface TunnelEvents {
  /** The tunnel is up; the portal's requests arrive as streams on this session. */
  connected: [session: http2.ServerHttp2Session];
  /** The tunnel is down (a reconnect is scheduled unless the connection was closed). */
  disconnected: [reason: string];
}

/** The WebSocket address of the portal's tunnel endpoint. */
export function tunnelUrl(server: string): string {
  const url = new URL(server);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${TUNNEL_PATH}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** Why the portal closed the tunnel, and whether retrying soon could help. */
function describeClose(code: number, reason: string): { text: string; atCap: boolean } {
  switch (code) {
    case CLOSE_CODES.replaced:
      // Two gateways with one controller id would otherwise take the tunnel from each other every second.
      return { text: 'replaced: another gateway connected with this controller id', atCap: true };
    case CLOSE_CODES.revoked:
      return { text: 'the portal revoked this gateway key', atCap: true };
    case CLOSE_CODES.shuttingDown:
      return { text: 'the portal is shutting down', atCap: false };
    default:
      return { text: `closed with code ${code}${reason ? ` (${reason})` : ''}`, atCap: false };
  }
}

/**
 * The gateway's one outbound WebSocket to the portal, carrying HTTP/2 with the gateway as the server
 * (docs/design.md §5). It dials, authenticates, watches the heartbeat and reconnects with full-jitter
 * exponential backoff; a refused key or a replaced tunnel backs off at the cap. It knows nothing of boards.
 */
export class TunnelConnection extends EventEmitter<TunnelEvents> {
  readonly #options: TunnelConnectionOptions;
  readonly #url: string;
  readonly #log: Logger;
  #socket: WebSocket | null = null;
  #session: http2.ServerHttp2Session | null = null;
  #failures = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  #closed = false;
  #connects = 0;
  /** Tunnels the portal is draining: they finish their requests while the current one takes new ones. */
  readonly #retiring = new Set<WebSocket>();

  constructor(options: TunnelConnectionOptions) {
    super();
    this.#options = options;
    this.#url = tunnelUrl(options.server);
    this.#log = options.logger;
  }

  get connected(): boolean {
    return this.#session !== null;
  }

  /** Successful connections since start. */
  get connects(): number {
    return this.#connects;
  }

  start(): void {
    this.#dial();
  }

  /** Stops reconnecting and closes the tunnel; resolves once the socket is closed. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    for (const retiring of this.#retiring) retiring.terminate();
    const socket = this.#socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    this.#session?.close();
    if (socket.readyState === WebSocket.OPEN) socket.close(1000, 'gateway stopping');
    else socket.terminate();
    const forced = setTimeout(() => socket.terminate(), 2_000);
    forced.unref();
    await closed;
    clearTimeout(forced);
  }

  /** The current tunnel stops being the one requests come through; a new one is dialled now. */
  #retire(socket: WebSocket): void {
    if (this.#socket !== socket || this.#closed) return;
    this.#retiring.add(socket);
    this.#socket = null;
    this.#session = null;
    this.#log.info('the portal is draining this tunnel: connecting again');
    this.emit('disconnected', 'the portal is draining');
    this.#dial();
  }

  #dial(): void {
    this.#retryTimer = null;
    if (this.#closed) return;
    this.#log.debug({ url: this.#url }, 'connecting to the portal');
    const socket = new WebSocket(this.#url, {
      headers: {
        authorization: this.#options.authorization,
        [GATEWAY_VERSION_HEADER]: this.#options.version,
      },
      perMessageDeflate: false,
      handshakeTimeout: this.#options.handshakeTimeoutMs,
    });
    this.#socket = socket;
    let failure: { text: string; atCap: boolean } | null = null;
    let stopHeartbeat: (() => void) | null = null;

    socket.on('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      failure =
        status === 401 || status === 403
          ? { text: `the portal refused the controller id or key (${status})`, atCap: true }
          : { text: `the portal answered ${status} instead of opening the tunnel`, atCap: false };
      socket.terminate();
    });
    socket.on('error', (error) => {
      failure ??= { text: error.message, atCap: false };
    });
    socket.on('open', () => {
      this.#failures = 0;
      this.#connects++;
      const session = acceptServerSession(socket);
      this.#session = session;
      stopHeartbeat = keepAlive(socket, {
        ...this.#options.heartbeat,
        onDead: () => {
          failure = { text: 'heartbeat lost: the portal stopped answering', atCap: false };
        },
      });
      // The HTTP/2 session ending (protocol error, or a drained GOAWAY's last stream) ends the tunnel too.
      session.once('close', () => {
        if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
      });
      // The portal is draining (GOAWAY): its requests under way finish on this tunnel while a new one is dialled at
      // once, which the load balancer gives to another instance.
      session.once('goaway', () => this.#retire(socket));
      this.#log.info('connected to the portal');
      this.emit('connected', session);
    });
    socket.on('close', (code, reasonBuffer) => {
      stopHeartbeat?.();
      if (this.#retiring.delete(socket)) return;
      const wasConnected = this.#session !== null;
      this.#session?.destroy();
      this.#session = null;
      this.#socket = null;
      const cause = failure ?? describeClose(code, reasonBuffer.toString('utf8'));
      if (wasConnected) this.emit('disconnected', cause.text);
      if (this.#closed) return;
      const delay = backoffDelay(
        cause.atCap ? Number.POSITIVE_INFINITY : this.#failures,
        this.#options.backoff,
        this.#options.random,
      );
      this.#failures++;
      const log = cause.atCap ? this.#log.error.bind(this.#log) : this.#log.warn.bind(this.#log);
      log(
        { reason: cause.text, retryInMs: delay },
        wasConnected ? 'disconnected from the portal' : 'could not connect to the portal',
      );
      // Ref'd on purpose: waiting to reconnect is what keeps the gateway process alive.
      this.#retryTimer = setTimeout(() => this.#dial(), delay);
    });
  }
}
