import { EventEmitter } from 'node:events';
import type http2 from 'node:http2';
import {
  acceptServerLink,
  CLOSE_CODES,
  GATEWAY_VERSION_HEADER,
  TUNNEL_PATH,
  type TunnelCarrier,
  type TunnelLink,
} from '@portal/tunnel';
import type { Logger } from 'pino';
import { type BackoffOptions, backoffDelay } from './backoff.ts';
import { type Dialing, dialDirect, dialWebSocket, refusesDirectTunnel } from './dial-portal.ts';

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

/** The WebSocket address of the portal's tunnel endpoint (its http(s) twin takes the direct upgrade). */
export function tunnelUrl(server: string): string {
  const url = new URL(server);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  else if (url.protocol === 'https:') url.protocol = 'wss:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${TUNNEL_PATH}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

type GatewayLink = TunnelLink<http2.ServerHttp2Session>;
type Failure = { text: string; atCap: boolean };

/** A tunnel that opened after the gateway began to stop. */
function dropCarrier(carrier: TunnelCarrier): void {
  if ('websocket' in carrier) carrier.websocket.terminate();
  else carrier.socket.destroy();
}

/** Why the portal refused the tunnel's upgrade, and whether retrying soon could help. */
function describeRefusal(status: number): Failure {
  return status === 401 || status === 403
    ? { text: `the portal refused the controller id or key (${status})`, atCap: true }
    : { text: `the portal answered ${status} instead of opening the tunnel`, atCap: false };
}

/** Why the portal closed the tunnel, and whether retrying soon could help. */
function describeClose(code: number, reason: string): Failure {
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
 * The gateway's one outbound connection to the portal, carrying HTTP/2 with the gateway as the server
 * (docs/design.md §5): HTTP/2 directly on the upgraded connection, or inside a WebSocket once the portal or a
 * proxy on the way refused the direct upgrade (kept for the rest of the process's life). It dials, authenticates,
 * watches the heartbeat and reconnects with full-jitter exponential backoff; a refused key or a replaced tunnel
 * backs off at the cap. It knows nothing of boards.
 */
export class TunnelConnection extends EventEmitter<TunnelEvents> {
  readonly #options: TunnelConnectionOptions;
  readonly #url: string;
  readonly #log: Logger;
  #dialing: Dialing | null = null;
  #link: GatewayLink | null = null;
  #websocketOnly = false;
  #failures = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  #closed = false;
  #connects = 0;
  /** Tunnels the portal is draining: they finish their requests while the current one takes new ones. */
  readonly #retiring = new Set<GatewayLink>();

  constructor(options: TunnelConnectionOptions) {
    super();
    this.#options = options;
    this.#url = tunnelUrl(options.server);
    this.#log = options.logger;
  }

  get connected(): boolean {
    return this.#link !== null;
  }

  /** Successful connections since start. */
  get connects(): number {
    return this.#connects;
  }

  start(): void {
    this.#dial();
  }

  /** Stops reconnecting and closes the tunnel; resolves once its connection is closed. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#dialing?.abort();
    for (const retiring of this.#retiring) retiring.terminate();
    const link = this.#link;
    if (!link) return;
    const closed = new Promise<void>((resolve) => link.once('closed', () => resolve()));
    link.session.close();
    link.close(1000, 'gateway stopping');
    const forced = setTimeout(() => link.terminate(), 2_000);
    forced.unref();
    await closed;
    clearTimeout(forced);
  }

  /** The current tunnel stops being the one requests come through; a new one is dialled now. */
  #retire(link: GatewayLink): void {
    if (this.#link !== link || this.#closed) return;
    this.#retiring.add(link);
    this.#link = null;
    this.#log.info('the portal is draining this tunnel: connecting again');
    this.emit('disconnected', 'the portal is draining');
    this.#dial();
  }

  #dial(): void {
    this.#retryTimer = null;
    if (this.#closed) return;
    const direct = !this.#websocketOnly;
    this.#log.debug(
      { url: this.#url, transport: direct ? 'http2' : 'websocket' },
      'connecting to the portal',
    );
    const options = {
      url: this.#url,
      headers: {
        authorization: this.#options.authorization,
        [GATEWAY_VERSION_HEADER]: this.#options.version,
      },
      handshakeTimeoutMs: this.#options.handshakeTimeoutMs,
    };
    this.#dialing = (direct ? dialDirect : dialWebSocket)(options, (outcome) => {
      this.#dialing = null;
      if (this.#closed) {
        if (outcome.kind === 'open') dropCarrier(outcome.carrier);
        return;
      }
      if (outcome.kind === 'open') {
        this.#connect(outcome.carrier);
        return;
      }
      if (outcome.kind === 'refused' && direct && refusesDirectTunnel(outcome.status)) {
        this.#websocketOnly = true;
        this.#log.info(
          { status: outcome.status },
          'the portal or a proxy on the way refused the direct tunnel: using a WebSocket',
        );
        this.#dial();
        return;
      }
      this.#retry(
        outcome.kind === 'refused' ? describeRefusal(outcome.status) : { text: outcome.reason, atCap: false },
        false,
      );
    });
  }

  #connect(carrier: TunnelCarrier): void {
    let failure: Failure | null = null;
    const link = acceptServerLink(carrier, {
      ...this.#options.heartbeat,
      onDead: () => {
        failure = { text: 'heartbeat lost: the portal stopped answering', atCap: false };
      },
    });
    this.#failures = 0;
    this.#connects++;
    this.#link = link;
    // The portal is draining (GOAWAY): its requests under way finish on this tunnel while a new one is dialled at
    // once, which the load balancer gives to another instance.
    link.once('draining', () => this.#retire(link));
    link.once('closed', (code, reason) => {
      if (this.#retiring.delete(link)) return;
      const wasCurrent = this.#link === link;
      link.session.destroy();
      if (!wasCurrent) return;
      this.#link = null;
      const cause = failure ?? describeClose(code, reason);
      this.emit('disconnected', cause.text);
      this.#retry(cause, true);
    });
    this.#log.info({ transport: link.transport }, 'connected to the portal');
    this.emit('connected', link.session);
  }

  #retry(cause: Failure, wasConnected: boolean): void {
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
  }
}
