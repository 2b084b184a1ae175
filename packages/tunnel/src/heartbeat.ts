import type http2 from 'node:http2';
import type WebSocket from 'ws';
import { DEAD_AFTER_MS, HEARTBEAT_INTERVAL_MS } from './protocol.ts';

export interface HeartbeatOptions {
  intervalMs?: number;
  deadAfterMs?: number;
  /** Called once when nothing (no message, ping or pong) has arrived for `deadAfterMs`. */
  onDead: () => void;
}

/**
 * Pings the peer and watches for any sign of life. A half-open TCP connection sends nothing back, so the socket
 * is terminated (not closed politely, which would wait for the dead peer) once it has been silent too long.
 */
export function keepAlive(ws: WebSocket, options: HeartbeatOptions): () => void {
  const intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  const deadAfterMs = options.deadAfterMs ?? DEAD_AFTER_MS;
  let lastHeard = Date.now();
  const heard = () => {
    lastHeard = Date.now();
  };
  ws.on('pong', heard);
  ws.on('ping', heard);
  ws.on('message', heard);
  const timer = setInterval(() => {
    if (Date.now() - lastHeard > deadAfterMs) {
      stop();
      ws.terminate();
      options.onDead();
      return;
    }
    if (ws.readyState === ws.OPEN) ws.ping();
  }, intervalMs);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    ws.off('pong', heard);
    ws.off('ping', heard);
    ws.off('message', heard);
  };
  ws.once('close', stop);
  return stop;
}

/**
 * The same watch on a tunnel that is HTTP/2 directly on its connection: HTTP/2 PING frames, which the peer's
 * HTTP/2 answers by itself, and the peer's own pings. As over a WebSocket, where any message counts, any byte
 * read from the connection (`bytesRead`, the socket's own count) is a sign of life: a PING answer queued behind a
 * large download on the peer's side must not make a busy tunnel look dead. A silent peer's session is destroyed.
 */
export function keepSessionAlive(
  session: http2.Http2Session,
  options: HeartbeatOptions,
  bytesRead: () => number = () => 0,
): () => void {
  const intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  const deadAfterMs = options.deadAfterMs ?? DEAD_AFTER_MS;
  let lastHeard = Date.now();
  const heard = () => {
    lastHeard = Date.now();
  };
  const answered = (error: Error | null) => {
    if (!error) heard();
  };
  session.on('ping', heard);
  let lastRead = bytesRead();
  const timer = setInterval(() => {
    const read = bytesRead();
    if (read !== lastRead) {
      lastRead = read;
      heard();
    }
    if (Date.now() - lastHeard > deadAfterMs) {
      stop();
      session.destroy();
      options.onDead();
      return;
    }
    // Closing sessions are pinged too: a write to a connection the peer has closed is what tells it is gone.
    if (!session.destroyed) session.ping(answered);
  }, intervalMs);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    session.off('ping', heard);
  };
  session.once('close', stop);
  return stop;
}
