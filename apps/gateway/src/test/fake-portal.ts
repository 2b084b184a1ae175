import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import {
  acceptDirectUpgrade,
  DEADLINE_HEADER,
  offersDirectTunnel,
  openClientLink,
  parseGatewayAuthorization,
  TUNNEL_PATH,
  type TunnelCarrier,
  type TunnelLink,
  type TunnelTransport,
} from '@portal/tunnel';
import { WebSocketServer } from 'ws';

export interface TunnelUpgrade {
  url: string | undefined;
  authorization: string | undefined;
  upgrade: string | undefined;
}

export interface FakePortalOptions {
  /** A portal gone silent: it takes the tunnel, then never answers a ping nor says anything. */
  silent?: boolean;
  /** Whether the direct upgrade is taken; a portal from before it, or a proxy refusing it, when false. */
  direct?: boolean;
}

export interface PortalAnswer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Plays the portal's end of the tunnel: accepts gateway upgrades on TUNNEL_PATH with a Basic header naming a
 * known controller and key (401 otherwise), the direct one or the WebSocket's as the real portal does, and opens
 * the HTTP/2 client session on each.
 */
export class FakePortal extends EventEmitter<{
  session: [controllerId: number, session: http2.ClientHttp2Session];
}> {
  readonly upgrades: TunnelUpgrade[] = [];
  /** Each controller's latest tunnel. */
  readonly links = new Map<number, TunnelLink<http2.ClientHttp2Session>>();
  readonly #keys: Map<number, string>;
  readonly #server = http.createServer();
  readonly #wss: WebSocketServer;
  readonly #silentSockets = new Set<Socket>();

  constructor(keys: Map<number, string>, { silent = false, direct = true }: FakePortalOptions = {}) {
    super();
    this.#keys = keys;
    this.#wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, autoPong: !silent });
    this.#server.on('upgrade', (request, socket: Socket, head) => {
      socket.on('error', () => socket.destroy());
      this.upgrades.push({
        url: request.url,
        authorization: request.headers.authorization,
        upgrade: request.headers.upgrade,
      });
      const credentials = parseGatewayAuthorization(request.headers.authorization);
      if (
        request.url !== TUNNEL_PATH ||
        !credentials ||
        this.#keys.get(credentials.controllerId) !== credentials.key
      ) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      const open = (carrier: TunnelCarrier) => {
        // A silent portal never pings either, or the gateway would hear from it.
        const link = openClientLink(carrier, {
          intervalMs: silent ? 3_600_000 : undefined,
          onDead: () => {},
        });
        this.links.set(credentials.controllerId, link);
        link.session.once('remoteSettings', () =>
          this.emit('session', credentials.controllerId, link.session),
        );
      };
      if (direct && offersDirectTunnel(request.headers.upgrade)) {
        // HTTP/2 answers pings by itself: a silent portal here speaks no HTTP/2 at all.
        if (silent) this.#silentSockets.add(socket);
        acceptDirectUpgrade(socket, () => {
          if (!silent) open({ socket, head });
        });
        return;
      }
      this.#wss.handleUpgrade(request, socket, head, (websocket) => open({ websocket }));
    });
  }

  /** What carries a controller's latest tunnel. */
  transportOf(controllerId: number): TunnelTransport | undefined {
    return this.links.get(controllerId)?.transport;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async listen(): Promise<this> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    return this;
  }

  /** The next session of this controller whose HTTP/2 settings have arrived. */
  async nextSession(controllerId: number): Promise<http2.ClientHttp2Session> {
    for (;;) {
      const [id, session] = (await once(this, 'session')) as [number, http2.ClientHttp2Session];
      if (id === controllerId) return session;
    }
  }

  async close(): Promise<void> {
    for (const link of this.links.values()) link.terminate();
    for (const socket of this.#silentSockets) socket.destroy();
    this.#server.closeAllConnections();
    this.#server.close();
  }
}

export interface RequestOptions {
  method?: string;
  headers?: http2.OutgoingHttpHeaders;
  body?: Buffer;
  /** The deadline the portal gives the request (DEADLINE_HEADER), in ms. */
  waitMs?: number;
}

/** Opens one stream the way the portal's registry does; without `body`, a POST's body is the caller's to write. */
export function openStream(
  session: http2.ClientHttp2Session,
  path: string,
  { method = 'GET', headers = {}, body, waitMs = 30_000 }: RequestOptions = {},
): http2.ClientHttp2Stream {
  const stream = session.request(
    {
      ':method': method,
      ':path': path,
      [DEADLINE_HEADER]: String(waitMs),
      ...(body ? { 'content-length': body.length } : {}),
      ...headers,
    },
    // As the portal's registry does: a GET ends with its headers; any other method's body follows (or `body`).
    { endStream: method === 'GET' && !body },
  );
  stream.on('error', () => {}); // a test that cares awaits the answer, which reports the reset
  if (body) stream.end(body);
  return stream;
}

/** The whole answer to one stream. */
export async function answerOf(stream: http2.ClientHttp2Stream): Promise<PortalAnswer> {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders];
  if (!stream.readableEnded) await once(stream, 'end');
  return { status: Number(headers[':status']), headers, body: Buffer.concat(chunks) };
}

export function request(
  session: http2.ClientHttp2Session,
  path: string,
  options: RequestOptions = {},
): Promise<PortalAnswer> {
  return answerOf(openStream(session, path, options));
}
