import { EventEmitter } from 'node:events';
import http2 from 'node:http2';
import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import type WebSocket from 'ws';
import { type HeartbeatOptions, keepAlive, keepSessionAlive } from './heartbeat.ts';
import { acceptServerSession, openClientSession } from './http2-over-websocket.ts';
import { clientSessionOn, serverSessionOn } from './http2-sessions.ts';
import { DIRECT_UPGRADE } from './protocol.ts';

/**
 * What carries a tunnel (docs/design.md §5): the connection itself after the direct upgrade (`head` holds what
 * arrived with the upgrade's last bytes), or a WebSocket for portals and proxies that do not take it.
 */
export type TunnelCarrier = { socket: Socket; head: Buffer } | { websocket: WebSocket };

export type TunnelTransport = 'http2' | 'websocket';

/** WebSocket's code for a connection that ended without a close code (RFC 6455 §7.1.5). */
const NO_CLOSE_CODE = 1006;

interface TunnelLinkEvents {
  /** The connection is gone, with the close code and reason one end gave (NO_CLOSE_CODE when none did). */
  closed: [code: number, reason: string];
  /** The peer said GOAWAY without a close code: it is draining, and the streams under way finish. */
  draining: [];
}

interface CarrierEnds {
  close(code: number, reason: string): void;
  terminate(): void;
}

/**
 * One end of a tunnel: its HTTP/2 session, the heartbeat, and a close that tells the peer why, whichever carrier
 * it runs on. Owners listen to 'closed' (once, whatever ended it) and 'draining'.
 */
export class TunnelLink<Session extends http2.Http2Session> extends EventEmitter<TunnelLinkEvents> {
  readonly transport: TunnelTransport;
  readonly session: Session;
  readonly #ends: CarrierEnds;

  constructor(transport: TunnelTransport, session: Session, ends: CarrierEnds) {
    super();
    this.transport = transport;
    this.session = session;
    this.#ends = ends;
  }

  /** Ends the tunnel, telling the peer why (a CLOSE_CODES value, or 1000). Streams under way are cut. */
  close(code: number, reason: string): void {
    this.#ends.close(code, reason);
  }

  /** Cuts the connection at once, as when the peer is silent. */
  terminate(): void {
    this.#ends.terminate();
  }
}

/** The portal's end of a tunnel: the HTTP/2 client. */
export function openClientLink(
  carrier: TunnelCarrier,
  heartbeat: HeartbeatOptions,
): TunnelLink<http2.ClientHttp2Session> {
  return 'websocket' in carrier
    ? linkOverWebSocket(carrier.websocket, openClientSession(carrier.websocket), heartbeat)
    : directLink(carrier, clientSessionOn, heartbeat);
}

/** The gateway's end of a tunnel: the HTTP/2 server. */
export function acceptServerLink(
  carrier: TunnelCarrier,
  heartbeat: HeartbeatOptions,
): TunnelLink<http2.ServerHttp2Session> {
  return 'websocket' in carrier
    ? linkOverWebSocket(carrier.websocket, acceptServerSession(carrier.websocket), heartbeat)
    : directLink(carrier, serverSessionOn, heartbeat);
}

/**
 * The portal's answer that takes the direct upgrade; `switched` runs once it is written, and the portal's HTTP/2
 * starts there: HTTP/2 must not take over a socket with a write under way (over TLS, Node asserts and exits).
 */
export function acceptDirectUpgrade(socket: Socket, switched: () => void): void {
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: ${DIRECT_UPGRADE}\r\n\r\n`,
    (error) => {
      if (!error) switched();
    },
  );
}

function linkOverWebSocket<Session extends http2.Http2Session>(
  ws: WebSocket,
  session: Session,
  heartbeat: HeartbeatOptions,
): TunnelLink<Session> {
  const link = new TunnelLink('websocket', session, {
    close: (code, reason) => (ws.readyState === ws.OPEN ? ws.close(code, reason) : ws.terminate()),
    terminate: () => ws.terminate(),
  });
  const stopHeartbeat = keepAlive(ws, heartbeat);
  ws.once('close', (code, reason) => {
    stopHeartbeat();
    link.emit('closed', code, reason.toString('utf8'));
  });
  // The HTTP/2 session ending (protocol error, or a drained GOAWAY's last stream) ends the tunnel too.
  session.once('close', () => ws.terminate());
  session.once('goaway', () => link.emit('draining'));
  return link;
}

/**
 * HTTP/2 straight on the upgraded connection: no WebSocket framing or masking, and Node writes HTTP/2's frames
 * to the socket itself, corked. A close code travels as the opaque data of a GOAWAY (`<code> <reason>`) just
 * before the session is destroyed; a GOAWAY without one is a drain.
 */
function directLink<Session extends http2.Http2Session>(
  { socket, head }: { socket: Socket; head: Buffer },
  open: (socket: Socket) => Session,
  heartbeat: HeartbeatOptions,
): TunnelLink<Session> {
  // HTTP/2 takes over the socket's handle and first reads what is already buffered in it.
  if (head.length > 0) socket.unshift(head);
  socket.setNoDelay(true);
  socket.setTimeout(0);
  // A TLS connection negotiated no ALPN protocol (the upgrade chose HTTP/2), and Node's HTTP/2 server would take
  // it for HTTP/1.1 and refuse it.
  if (socket instanceof TLSSocket && socket.alpnProtocol !== 'h2')
    Object.defineProperty(socket, 'alpnProtocol', { value: 'h2' });
  const session = open(socket);
  let ending: { code: number; reason: string } | undefined;
  const terminate = () => {
    session.destroy();
    socket.destroy();
  };
  const link = new TunnelLink('http2', session, {
    close(code, reason) {
      ending ??= { code, reason };
      if (session.destroyed) return;
      session.goaway(http2.constants.NGHTTP2_NO_ERROR, 0, Buffer.from(`${code} ${reason}`, 'utf8'));
      session.destroy();
    },
    terminate,
  });
  const stopHeartbeat = keepSessionAlive(
    session,
    {
      ...heartbeat,
      onDead: () => {
        terminate();
        heartbeat.onDead();
      },
    },
    () => socket.bytesRead,
  );
  session.once('goaway', (_errorCode: number, _lastStreamId: number, data?: Buffer) => {
    const closing = /^(\d{4}) (.*)$/s.exec(data?.toString('utf8') ?? '');
    if (!closing) {
      link.emit('draining');
      return;
    }
    ending ??= { code: Number(closing[1]), reason: closing[2] ?? '' };
    session.destroy();
  });
  // HTTP/2 reads the socket itself and hands it only the end of the stream, which an HTTP server's socket (half-open
  // allowed) would keep to itself: a peer that dies with no GOAWAY (killed) ends the tunnel at once this way. Not
  // before the peer's settings: until HTTP/2 has taken what the socket had buffered, flowing would drop it.
  socket.once('end', () => socket.destroy());
  session.once('remoteSettings', () => socket.resume());
  // A session closing gracefully ends its side and waits for the peer to close the connection, which a peer whose
  // own session is closed may never notice: once this side is ended, nothing more is to be read.
  socket.once('finish', () => socket.destroy());
  session.once('close', () => {
    stopHeartbeat();
    socket.destroy();
    link.emit('closed', ending?.code ?? NO_CLOSE_CODE, ending?.reason ?? '');
  });
  return link;
}
