import type http2 from 'node:http2';
import type { Duplex } from 'node:stream';
import type WebSocket from 'ws';
import { createWebSocketStream } from 'ws';
import { clientSessionOn, serverSessionOn } from './http2-sessions.ts';

/** Frames written meanwhile are joined into one message up to this size (an answer's head and a small body). */
const COALESCED_MESSAGE_MAX_BYTES = 16 * 1024;

/**
 * Runs an HTTP/2 session on the WebSocket: the tunnel's transport towards gateways and proxies that do not take
 * the direct upgrade (docs/design.md §5). Node wraps a non-socket stream for HTTP/2 and asserts (crashing the
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
  return session;
}

/** The portal's end on a WebSocket. */
export function openClientSession(ws: WebSocket): http2.ClientHttp2Session {
  return overWebSocket(ws, clientSessionOn);
}

/** The gateway's end on a WebSocket. */
export function acceptServerSession(ws: WebSocket): http2.ServerHttp2Session {
  return overWebSocket(ws, serverSessionOn);
}
