import http2 from 'node:http2';
import type { Duplex } from 'node:stream';
import type WebSocket from 'ws';
import { createWebSocketStream } from 'ws';

/**
 * HTTP/2 carried over the tunnel's WebSocket, with Node's own `http2` on both ends (no framing of our own).
 * Windows are raised well above HTTP/2's 64 KiB default so one large download runs at LAN speed, and the session
 * memory limit is raised (Node's 10 MB default stalls large responses, DESIGN.md §5).
 */
const STREAM_WINDOW_BYTES = 4 * 1024 * 1024;
const SESSION_WINDOW_BYTES = 32 * 1024 * 1024;
const SESSION_MEMORY_MB = 64;
const MAX_CONCURRENT_STREAMS = 256;

function duplexOf(ws: WebSocket): Duplex {
  const duplex = createWebSocketStream(ws);
  // The WebSocket's own close/error ends the HTTP/2 session; stream errors must not crash the process.
  duplex.on('error', () => ws.terminate());
  return duplex;
}

/**
 * Shared set-up of both ends. Transport errors destroy the session; owners watch its 'close' event. The WebSocket
 * closing destroys it at once: left to the stream's end a tick later, the session may still write frames after
 * Node has begun shutting its JS socket down, which trips an internal assertion and crashes the process.
 */
function prepare(session: http2.Http2Session, ws: WebSocket): void {
  ws.once('close', () => session.destroy());
  session.on('error', () => session.destroy());
  const raise = () => session.setLocalWindowSize(SESSION_WINDOW_BYTES);
  if (session.connecting) session.once('connect', raise);
  else raise();
}

/** The portal's end: an HTTP/2 client whose every request is served by the gateway. */
export function openClientSession(ws: WebSocket): http2.ClientHttp2Session {
  const session = http2.connect('http://gateway.tunnel', {
    createConnection: () => duplexOf(ws),
    maxSessionMemory: SESSION_MEMORY_MB,
    settings: { initialWindowSize: STREAM_WINDOW_BYTES, enablePush: false },
  });
  prepare(session, ws);
  return session;
}

/** The gateway's end: an HTTP/2 server on the socket it dialled; extended CONNECT carries WebSockets (RFC 8441). */
export function acceptServerSession(ws: WebSocket): http2.ServerHttp2Session {
  const session = http2.performServerHandshake(duplexOf(ws), {
    maxSessionMemory: SESSION_MEMORY_MB,
    settings: {
      initialWindowSize: STREAM_WINDOW_BYTES,
      enableConnectProtocol: true,
      maxConcurrentStreams: MAX_CONCURRENT_STREAMS,
    },
  });
  prepare(session, ws);
  return session;
}
