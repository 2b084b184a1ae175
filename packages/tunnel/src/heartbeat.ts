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
