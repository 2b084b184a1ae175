import { type IncomingMessage, STATUS_CODES } from 'node:http';
import http2 from 'node:http2';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  acceptDirectUpgrade,
  CLOSE_CODES,
  GATEWAY_CHECK_HEADER,
  GATEWAY_VERSION_HEADER,
  type GatewayReport,
  offersDirectTunnel,
  openClientLink,
  parseGatewayAuthorization,
  REPORTS_PATH,
  readReports,
  TUNNEL_PATH,
  type TunnelCarrier,
  type TunnelLink,
} from '@portal/tunnel';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import type { InProcessTunnelRegistry } from './tunnel-registry.ts';

/** Checks a gateway's controller id and key (the controllers module's hash comparison). */
export type GatewayKeyCheck = (controllerId: number, key: string) => Promise<boolean>;

/** Records that a controller's gateway connected (with the version it reported), reported itself, or left. */
export type GatewayContact = (
  controllerId: number,
  contact: { version?: string | undefined; report?: GatewayReport | undefined },
) => Promise<void>;

/** A WebSocket message carries HTTP/2 frames (16 KiB by default): anything far larger is not a gateway. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

type PortalLink = TunnelLink<http2.ClientHttp2Session>;

/**
 * The portal's end of the gateway tunnels (docs/design.md §5): authenticates each upgrade on TUNNEL_PATH, takes
 * the direct HTTP/2 upgrade when the gateway offers it and the WebSocket upgrade otherwise, runs HTTP/2 on it as
 * the client, keeps one live tunnel per controller (a newer one replaces an older one) and tells the registry
 * when controllers come and go.
 */
export class TunnelEndpoint {
  readonly #registry: InProcessTunnelRegistry;
  readonly #checkKey: GatewayKeyCheck;
  readonly #log: FastifyBaseLogger;
  readonly #wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  /** Each controller's current tunnel. */
  readonly #links = new Map<number, PortalLink>();
  /** Every open tunnel (a replaced one too, until it closes) and its reports stream. */
  readonly #tunnels = new Map<PortalLink, http2.ClientHttp2Stream>();
  #draining = false;

  readonly #contact: GatewayContact;

  constructor(
    registry: InProcessTunnelRegistry,
    checkKey: GatewayKeyCheck,
    contact: GatewayContact,
    log: FastifyBaseLogger,
  ) {
    this.#registry = registry;
    this.#checkKey = checkKey;
    this.#contact = contact;
    this.#log = log;
  }

  /** Records a connection, report or departure; a failure to record it never touches the tunnel. */
  #noteContact(controllerId: number, version?: string, report?: GatewayReport): void {
    this.#contact(controllerId, { version, report }).catch((error: unknown) =>
      this.#log.warn({ err: error, controllerId }, 'gateway contact not recorded'),
    );
  }

  /** True when the upgrade was for the tunnel (and is now answered); false leaves it to others. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://portal');
    if (url.pathname !== TUNNEL_PATH) return false;
    socket.on('error', () => socket.destroy());
    if (this.#draining) {
      refuseUpgrade(socket, 503, 'NOT_READY', 'The portal is shutting down: dial again');
      return true;
    }
    const credentials = parseGatewayAuthorization(request.headers.authorization);
    if (!credentials) {
      refuseUpgrade(socket, 401, 'UNAUTHENTICATED', 'Gateway credentials required');
      return true;
    }
    this.#checkKey(credentials.controllerId, credentials.key).then(
      (valid) => {
        if (!valid) {
          this.#log.warn({ controllerId: credentials.controllerId }, 'gateway refused: wrong key');
          refuseUpgrade(socket, 401, 'UNAUTHENTICATED', 'Gateway credentials are not valid');
          return;
        }
        const direct = offersDirectTunnel(request.headers.upgrade);
        if (request.headers[GATEWAY_CHECK_HEADER] === '1') {
          // `portal-gateway --check`: the key and the way here are good; the running gateway keeps its tunnel.
          if (direct) {
            acceptDirectUpgrade(socket as Socket, () => socket.end());
          } else {
            this.#wss.handleUpgrade(request, socket, head, (ws) =>
              ws.close(CLOSE_CODES.checked, 'gateway check passed'),
            );
          }
          this.#log.info({ controllerId: credentials.controllerId }, 'gateway check passed');
          return;
        }
        const version = reportedVersion(request.headers[GATEWAY_VERSION_HEADER]);
        if (direct) {
          acceptDirectUpgrade(socket as Socket, () =>
            this.#open(credentials.controllerId, { socket: socket as Socket, head }, version),
          );
          return;
        }
        this.#wss.handleUpgrade(request, socket, head, (websocket) =>
          this.#open(credentials.controllerId, { websocket }, version),
        );
      },
      (error: unknown) => {
        this.#log.error({ err: error }, 'gateway key check failed');
        refuseUpgrade(socket, 503, 'NOT_READY', 'The portal cannot check gateways right now');
      },
    );
    return true;
  }

  /** Ends a controller's tunnel, e.g. when its key is replaced; the gateway backs off before retrying. */
  revoke(controllerId: number): void {
    this.#links.get(controllerId)?.close(CLOSE_CODES.revoked, 'key revoked');
  }

  /**
   * The instance is draining: no new tunnel is taken, and each tunnel's session says GOAWAY, so its gateway dials
   * again at once (through the load balancer, another instance) while the requests under way here finish; the
   * tunnel closes when they have. Its reports stream, which never ends by itself, ends now.
   */
  drain(): void {
    this.#draining = true;
    for (const [{ session }, reports] of this.#tunnels) {
      reports.close();
      session.goaway(http2.constants.NGHTTP2_NO_ERROR);
      session.close();
    }
  }

  /** Closes every tunnel on shutdown; gateways reconnect, spread out by their jitter. */
  closeAll(): void {
    for (const link of this.#links.values()) link.close(CLOSE_CODES.shuttingDown, 'portal shutting down');
    this.#wss.close();
  }

  #open(controllerId: number, carrier: TunnelCarrier, version: string | undefined): void {
    const link = openClientLink(carrier, {
      onDead: () => this.#log.warn({ controllerId }, 'gateway tunnel silent: closed'),
    });
    const previous = this.#links.get(controllerId);
    this.#links.set(controllerId, link);
    previous?.close(CLOSE_CODES.replaced, 'replaced by a newer tunnel');
    const { session } = link;
    this.#registry.attach(controllerId, session, () =>
      link.close(CLOSE_CODES.replaced, 'replaced by a newer tunnel'),
    );
    this.#log.info({ controllerId, version, transport: link.transport }, 'gateway connected');
    this.#noteContact(controllerId, version);
    this.#tunnels.set(link, this.#followReports(controllerId, link));
    link.once('closed', (code) => {
      this.#log.info({ controllerId, code }, 'gateway disconnected');
      session.destroy();
      this.#tunnels.delete(link);
      if (this.#links.get(controllerId) === link) {
        this.#links.delete(controllerId);
        this.#noteContact(controllerId);
      }
      this.#registry.detach(controllerId, session);
    });
  }

  /**
   * Reads the gateway's reports (docs/design.md §5c) for as long as its tunnel lasts, and records each while the
   * tunnel is the controller's current one. A gateway too old to report answers 404: its version header is all there
   * is. A report that is not one ends the reading (the tunnel stays).
   */
  #followReports(controllerId: number, link: PortalLink): http2.ClientHttp2Stream {
    const stream = link.session.request({ ':method': 'GET', ':path': REPORTS_PATH }, { endStream: true });
    stream.on('error', () => undefined); // ends with the tunnel
    stream.once('response', async (headers) => {
      if (headers[':status'] !== 200) {
        stream.close();
        return;
      }
      try {
        for await (const reading of readReports(stream)) {
          if (this.#links.get(controllerId) !== link) break;
          if (!reading.ok) {
            this.#log.warn({ controllerId, reason: reading.reason }, 'gateway report refused');
            break;
          }
          this.#noteContact(controllerId, reading.report.version, reading.report);
        }
      } catch {
        // The tunnel ended mid-report.
      }
      stream.close();
    });
    return stream;
  }
}

/** A version the gateway reports on its upgrade, kept only when it looks like one (it is shown to administrators). */
function reportedVersion(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && /^[\w.+-]{1,64}$/.test(header) ? header : undefined;
}

/**
 * An HTTP answer in the error format of docs/design.md §3 written straight onto a socket that asked to
 * upgrade.
 */
export function refuseUpgrade(socket: Duplex, status: number, code: string, message: string): void {
  const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', code, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
