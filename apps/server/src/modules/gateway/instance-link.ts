import { timingSafeEqual } from 'node:crypto';
import http2 from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { BOARD_PREFIX, DEADLINE_HEADER, GATEWAY_ANSWER_HEADER, WEBCAM_PREFIX } from '@portal/tunnel';
import {
  type GatewayPresence,
  HOLDER_ANSWERS,
  type TunnelActor,
  type TunnelRequest,
  type TunnelTarget,
} from './tunnel-registry.ts';

/**
 * The instance link (docs/design.md §7): a request for a machine whose tunnel another instance holds goes to that
 * instance over HTTP/2 on its instance port, as one stream carrying the request and its answer both ways (flow
 * control gives backpressure on each hop), and the holder sends it on through the tunnel. Every stream carries the
 * deployment's shared secret; the holder authorises a user's request again before it goes on.
 */
const AUTHORIZATION = 'authorization';
const SCHEME = 'Instance';
/** The WebSocket a stream carries (RFC 8441's `:protocol` on the tunnel's own hop). */
const PROTOCOL_HEADER = 'x-portal-protocol';
/** Who the request is for: `{userId} {path}`, then ` {sessionId}` when it came with a session. */
const ACTOR_HEADER = 'x-portal-actor';
/** Present on a request an instance sent on after handing its tunnel over: the receiver sends it no further. */
const ONWARD_HEADER = 'x-portal-onward';
const PATH = /^\/controllers\/(\d{1,10})(\/board|\/webcam)(\/.*)$/s;

/** Windows as wide as the tunnel's: one large transfer runs at the link's speed. */
const STREAM_WINDOW_BYTES = 4 * 1024 * 1024;
const SESSION_WINDOW_BYTES = 32 * 1024 * 1024;
const SESSION_MEMORY_MB = 64;

/** Headers of the hop, which the other end's HTTP/2 sets itself or which say what only this hop means. */
const HOP_HEADERS = new Set([AUTHORIZATION, PROTOCOL_HEADER, ACTOR_HEADER, ONWARD_HEADER, DEADLINE_HEADER]);

/** Decides again, on the holder, whether a user may still reach a machine (the machine access rules). */
export type Reauthorise = (controllerId: number, actor: TunnelActor) => Promise<boolean>;

/** The other instances as this one dials them: one HTTP/2 session per address, opened on first use. */
export class InstancePeers {
  readonly #authorization: string;
  readonly #sessions = new Map<string, http2.ClientHttp2Session>();

  constructor(secret: string) {
    this.#authorization = `${SCHEME} ${secret}`;
  }

  /** One request to the controller's tunnel on the instance at `address`; the stream is the caller's as a tunnel's is. */
  open(address: string, controllerId: number, request: TunnelRequest): http2.ClientHttp2Stream {
    const prefix = request.target === 'board' ? BOARD_PREFIX : WEBCAM_PREFIX;
    const headers: http2.OutgoingHttpHeaders = {
      ...request.headers,
      // A WebSocket's extended CONNECT is the tunnel's hop; this one carries it as a stream that stays open.
      ':method': request.protocol ? 'POST' : request.method,
      ':path': `/controllers/${controllerId}${prefix}${request.path}`,
      [AUTHORIZATION]: this.#authorization,
      [DEADLINE_HEADER]: String(Math.max(0, Math.round(request.waitMs))),
    };
    if (request.protocol) headers[PROTOCOL_HEADER] = request.protocol;
    if (request.onward) headers[ONWARD_HEADER] = '1';
    if (request.actor) {
      const { userId, path, sessionId } = request.actor;
      headers[ACTOR_HEADER] = sessionId ? `${userId} ${path} ${sessionId}` : `${userId} ${path}`;
    }
    return this.#session(address).request(headers, {
      endStream: request.method === 'GET' && !request.protocol,
    });
  }

  close(): void {
    for (const session of this.#sessions.values()) session.close();
    this.#sessions.clear();
  }

  #session(address: string): http2.ClientHttp2Session {
    const current = this.#sessions.get(address);
    if (current && !current.closed && !current.destroyed) return current;
    const session = http2.connect(`http://${address}`, {
      settings: { initialWindowSize: STREAM_WINDOW_BYTES, enablePush: false },
      maxSessionMemory: SESSION_MEMORY_MB,
    });
    session.on('error', () => session.destroy());
    session.once('connect', () => session.setLocalWindowSize(SESSION_WINDOW_BYTES));
    session.once('close', () => {
      if (this.#sessions.get(address) === session) this.#sessions.delete(address);
    });
    // Idle sessions do not keep the process alive on shutdown.
    session.unref();
    this.#sessions.set(address, session);
    return session;
  }
}

/**
 * Where a forwarded request goes on: the tunnel held here, or the next holder of one this instance handed over
 * (never for a request that came `onward` already); null when the tunnel is nowhere.
 */
export type Reach = (
  controllerId: number,
  request: TunnelRequest,
  onward: boolean,
) => Promise<http2.ClientHttp2Stream | null>;

export interface ForwardedStreamsOptions {
  secret: string;
  /** The tunnels this instance holds. */
  held: GatewayPresence;
  reach: Reach;
  reauthorise: Reauthorise;
  /**
   * Serves another instance's request for a camera's stream from this instance's one upstream of it (the webcam
   * hub), rather than opening the camera again.
   */
  cameraFeed: (controllerId: number, stream: http2.ServerHttp2Stream) => void;
  warn: (error: unknown, message: string) => void;
}

/** The camera stream a hub opens (webcam-hub.ts), which the holder's own hub serves. */
const CAMERA_STREAM_PATH = '/?action=stream';

/** The holder's half: each stream a peer opened, checked and sent on through the tunnel held here. */
export function forwardedStreams({
  secret,
  held,
  reach,
  reauthorise,
  cameraFeed,
  warn,
}: ForwardedStreamsOptions) {
  const expected = Buffer.from(`${SCHEME} ${secret}`);
  return (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    stream.on('error', () => undefined);
    const authorization = headers[AUTHORIZATION];
    if (typeof authorization !== 'string' || !sameSecret(authorization, expected)) {
      answer(stream, 401);
      return;
    }
    const route = PATH.exec(headers[':path'] ?? '');
    if (!route) {
      answer(stream, 404);
      return;
    }
    const controllerId = Number(route[1]);
    const websocket = headers[PROTOCOL_HEADER] === 'websocket';
    const request: TunnelRequest = {
      method: websocket ? 'CONNECT' : String(headers[':method']),
      target: (route[2] === BOARD_PREFIX ? 'board' : 'webcam') satisfies TunnelTarget,
      path: route[3] as string,
      headers: passedHeaders(headers),
      waitMs: Number(headers[DEADLINE_HEADER]) || 0,
      ...(websocket && { protocol: 'websocket' as const }),
    };
    const actor = parseActor(headers[ACTOR_HEADER]);
    if (headers[ACTOR_HEADER] !== undefined && !actor) {
      answer(stream, 400);
      return;
    }
    const onward = headers[ONWARD_HEADER] === undefined;
    void (async () => {
      try {
        if (actor && !(await reauthorise(controllerId, actor))) {
          answer(stream, 403, HOLDER_ANSWERS.refused);
          return;
        }
      } catch (error) {
        warn(error, 'a forwarded request could not be authorised');
        answer(stream, 503, HOLDER_ANSWERS.refused);
        return;
      }
      if (stream.destroyed) return;
      if (isCameraStream(request) && held.isOnline(controllerId)) {
        cameraFeed(controllerId, stream);
        return;
      }
      // A tunnel that said GOAWAY under the request is one that left.
      relayTo(await reach(controllerId, request, onward).catch(() => null), request, stream);
    })();
  };
}

/**
 * The forwarded stream joined to one through the tunnel (or to the next holder), both ways, each end's reset passed
 * to the other.
 */
function relayTo(
  upstream: http2.ClientHttp2Stream | null,
  request: TunnelRequest,
  stream: http2.ServerHttp2Stream,
): void {
  if (stream.destroyed) {
    upstream?.close(http2.constants.NGHTTP2_CANCEL);
    return;
  }
  if (!upstream) {
    answer(stream, 502, HOLDER_ANSWERS.tunnelLeft);
    return;
  }
  const tunnel = upstream;
  tunnel.on('error', () => undefined);
  tunnel.once('response', (head) => {
    if (stream.destroyed) return;
    const answerHead: http2.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(head)) {
      if (value !== undefined && (name === ':status' || !name.startsWith(':'))) answerHead[name] = value;
    }
    stream.respond(answerHead);
    tunnel.pipe(stream);
  });
  // A GET's tunnel stream was opened ended, as the forwarded one arrived.
  if (request.method !== 'GET' || request.protocol) stream.pipe(tunnel);
  // A tunnel stream cut short (reset, or its session gone) cuts the forwarded one; one that ended whole has ended it
  // through the pipe, with no reset frame to send.
  tunnel.once('close', () => {
    if (!stream.closed && !tunnel.readableEnded)
      stream.close(tunnel.rstCode || http2.constants.NGHTTP2_CANCEL);
  });
  stream.once('close', () => {
    if (!tunnel.closed) tunnel.close(stream.rstCode || http2.constants.NGHTTP2_CANCEL);
  });
}

/** In constant time for a given length (the secret's length is no secret). */
function sameSecret(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

function isCameraStream(request: TunnelRequest): boolean {
  return request.target === 'webcam' && request.method === 'GET' && request.path === CAMERA_STREAM_PATH;
}

/** An answer of the link's own, with no body. */
function answer(stream: http2.ServerHttp2Stream, status: number, own?: string): void {
  if (stream.destroyed || stream.headersSent) return;
  stream.respond({ ':status': status, ...(own && { [GATEWAY_ANSWER_HEADER]: own }) }, { endStream: true });
}

function passedHeaders(headers: http2.IncomingHttpHeaders): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || HOP_HEADERS.has(name) || typeof value !== 'string') continue;
    passed[name] = value;
  }
  return passed;
}

function parseActor(header: string | string[] | undefined): TunnelActor | undefined {
  const match =
    typeof header === 'string'
      ? /^(\d{1,10}) (admin|customer|status)(?: ([\w-]{1,64}))?$/.exec(header)
      : null;
  if (!match) return undefined;
  const actor: TunnelActor = { userId: Number(match[1]), path: match[2] as TunnelActor['path'] };
  if (match[3]) actor.sessionId = match[3];
  return actor;
}

/** The instance port: an HTTP/2 server of its own (never the public one), listening before the portal does. */
export async function listenForInstances(
  host: string,
  port: number,
): Promise<{
  address: string;
  serve: (handler: ReturnType<typeof forwardedStreams>) => void;
  close: () => Promise<void>;
}> {
  const server = http2.createServer({
    settings: { initialWindowSize: STREAM_WINDOW_BYTES },
    maxSessionMemory: SESSION_MEMORY_MB,
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    session.on('error', () => session.destroy());
    session.setLocalWindowSize(SESSION_WINDOW_BYTES);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const shown = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    address: `${shown}:${bound.port}`,
    serve: (handler) => server.on('stream', handler),
    // Called once the portal has stopped (its requests finished): streams still open here are ended.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
        for (const socket of sockets) socket.destroy();
      }),
  };
}
