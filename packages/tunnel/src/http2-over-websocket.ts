import http2 from 'node:http2';
import type { Duplex } from 'node:stream';
import type WebSocket from 'ws';
import { createWebSocketStream } from 'ws';

/**
 * HTTP/2 carried over the tunnel's WebSocket, with Node's own `http2` on both ends (no framing of our own).
 * Windows are raised well above HTTP/2's 64 KiB default so one large download runs at LAN speed, and the session
 * memory limit is raised (Node's 10 MB default stalls large responses, docs/design.md §5).
 */
const STREAM_WINDOW_BYTES = 4 * 1024 * 1024;
const SESSION_WINDOW_BYTES = 32 * 1024 * 1024;
const SESSION_MEMORY_MB = 64;
const MAX_CONCURRENT_STREAMS = 256;
/** Frames written meanwhile are joined into one message up to this size (an answer's head and a small body). */
const COALESCED_MESSAGE_MAX_BYTES = 16 * 1024;

/**
 * Runs an HTTP/2 session on the WebSocket. Node wraps a non-socket stream for HTTP/2 and asserts (crashing the
 * process) if HTTP/2 writes to it, or shuts it down, after the stream has ended. So the session is destroyed as
 * soon as the WebSocket closes — this listener is registered before the WebSocket stream's own, which ends the
 * stream — and writes made while the WebSocket is closing, which could never arrive, are dropped.
 */
function overWebSocket<Session extends http2.Http2Session>(
  ws: WebSocket,
  open: (duplex: Duplex) => Session,
): Session {
  let session: Session | undefined;
  const destroySession = () => session?.destroy();
  ws.once('close', destroySession);
  const duplex = createWebSocketStream(ws);
  duplex.on('error', () => ws.terminate());
  const write = duplex._write.bind(duplex);
  duplex._write = (chunk, encoding, callback) => {
    if (ws.readyState === ws.OPEN) return write(chunk, encoding, callback);
    callback();
    setImmediate(destroySession);
  };
  // HTTP/2 writes frame by frame; what it writes while a message is still being sent goes out as one message,
  // which saves both ends a message and a system call per frame (docs/benchmarks.md). Only small batches: joining
  // a transfer's frames would copy every byte once more, and that garbage waits outside V8's heap for a collection.
  duplex._writev = (chunks, callback) => {
    const buffers = chunks.map(({ chunk }) => chunk as Buffer);
    const bytes = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    if (bytes <= COALESCED_MESSAGE_MAX_BYTES) {
      duplex._write(Buffer.concat(buffers, bytes), 'binary', callback);
      return;
    }
    // A WebSocket sends in order, and a failed write closes it: the last write's callback speaks for them all.
    const last = buffers.pop() as Buffer;
    for (const buffer of buffers) duplex._write(buffer, 'binary', () => {});
    duplex._write(last, 'binary', callback);
  };
  session = open(duplex);
  prepare(session);
  return session;
}

/** Shared set-up of both ends. Transport errors destroy the session; owners watch its 'close' event. */
function prepare(session: http2.Http2Session): void {
  session.on('error', () => session.destroy());
  const raise = () => session.setLocalWindowSize(SESSION_WINDOW_BYTES);
  if (session.connecting) session.once('connect', raise);
  else raise();
}

/** The portal's end: an HTTP/2 client whose every request is served by the gateway. */
export function openClientSession(ws: WebSocket): http2.ClientHttp2Session {
  return overWebSocket(ws, (duplex) =>
    http2.connect('http://gateway.tunnel', {
      createConnection: () => duplex,
      maxSessionMemory: SESSION_MEMORY_MB,
      settings: { initialWindowSize: STREAM_WINDOW_BYTES, enablePush: false },
    }),
  );
}

/**
 * The gateway's end: an HTTP/2 server on the socket it dialled; extended CONNECT carries WebSockets (RFC 8441).
 * The session is the one an HTTP/2 server makes of a connection handed to it, which every Node.js the gateway
 * runs on does alike (`http2.performServerHandshake` came only with Node 20.12; Debian 12 ships Node 18).
 */
export function acceptServerSession(ws: WebSocket): http2.ServerHttp2Session {
  return overWebSocket(ws, (duplex) => {
    const server = http2.createServer({
      maxSessionMemory: SESSION_MEMORY_MB,
      settings: {
        initialWindowSize: STREAM_WINDOW_BYTES,
        enableConnectProtocol: true,
        maxConcurrentStreams: MAX_CONCURRENT_STREAMS,
      },
    });
    let session: http2.ServerHttp2Session | undefined;
    server.once('session', (created) => {
      session = created;
    });
    server.emit('connection', duplex);
    if (!session) throw new Error('the HTTP/2 server made no session of the tunnel');
    return session;
  });
}
