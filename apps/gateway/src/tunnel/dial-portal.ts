import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { DIRECT_UPGRADE, type TunnelCarrier } from '@portal/tunnel';
import WebSocket from 'ws';

/** What one dial of the portal's tunnel endpoint came to. */
export type DialOutcome =
  | { kind: 'open'; carrier: TunnelCarrier }
  /** The portal or a proxy answered this status instead of switching protocols (101: to another protocol). */
  | { kind: 'refused'; status: number }
  | { kind: 'failed'; reason: string };

/**
 * Told the outcome once, synchronously in the event that decided it: a WebSocket delivers its first messages right
 * after 'open', before a promise's callbacks would run.
 */
export type DialListener = (outcome: DialOutcome) => void;

export interface Dialing {
  /** Gives the dial up (the gateway is stopping); the outcome is then 'failed'. */
  abort(): void;
}

export interface DialOptions {
  /** The tunnel's WebSocket address (`tunnelUrl`). */
  url: string;
  headers: Record<string, string>;
  handshakeTimeoutMs: number;
}

/**
 * The refusals of a direct upgrade that mean "not this way" (a portal or proxy that knows only the WebSocket
 * upgrade), after which the gateway dials the WebSocket instead. The others are answers on the tunnel itself:
 * the key refused (401, 403), or the portal unavailable for now (502 to 504), and are retried the same way.
 */
export function refusesDirectTunnel(status: number): boolean {
  return ![401, 403, 502, 503, 504].includes(status);
}

/**
 * The direct transport's upgrade: the same request as the WebSocket's (path, credentials, headers) offering
 * DIRECT_UPGRADE; on `101` with that token the connection is the tunnel's (docs/design.md §5).
 */
export function dialDirect(
  { url, headers, handshakeTimeoutMs }: DialOptions,
  listener: DialListener,
): Dialing {
  const target = new URL(url);
  target.protocol = target.protocol === 'wss:' ? 'https:' : 'http:';
  const request = (target.protocol === 'https:' ? https : http).request(target, {
    headers: { ...headers, connection: 'Upgrade', upgrade: DIRECT_UPGRADE },
    agent: false,
  });
  const timer = setTimeout(
    () => request.destroy(new Error('Opening handshake has timed out')),
    handshakeTimeoutMs,
  );
  let settled = false;
  const settle = (outcome: DialOutcome) => {
    clearTimeout(timer);
    if (settled) return;
    settled = true;
    listener(outcome);
  };
  request.once('upgrade', (response, socket: Socket, head: Buffer) => {
    if (response.headers.upgrade?.toLowerCase() === DIRECT_UPGRADE) {
      settle({ kind: 'open', carrier: { socket, head } });
      return;
    }
    socket.destroy();
    settle({ kind: 'refused', status: 101 });
  });
  request.once('response', (response) => {
    response.resume();
    settle({ kind: 'refused', status: response.statusCode ?? 0 });
  });
  request.on('error', (error) => settle({ kind: 'failed', reason: error.message }));
  request.end();
  return { abort: () => request.destroy(new Error('the gateway is stopping')) };
}

/** The WebSocket upgrade, for portals and proxies that refuse the direct one. */
export function dialWebSocket(
  { url, headers, handshakeTimeoutMs }: DialOptions,
  listener: DialListener,
): Dialing {
  const websocket = new WebSocket(url, {
    headers,
    perMessageDeflate: false,
    handshakeTimeout: handshakeTimeoutMs,
  });
  // A failed dial closes the WebSocket after its error; the first word is the one that counts.
  let settled = false;
  const settle = (outcome: DialOutcome) => {
    if (settled) return;
    settled = true;
    listener(outcome);
  };
  websocket.once('open', () => settle({ kind: 'open', carrier: { websocket } }));
  websocket.once('unexpected-response', (_request, response) => {
    response.resume();
    websocket.terminate();
    settle({ kind: 'refused', status: response.statusCode ?? 0 });
  });
  websocket.on('error', (error) => settle({ kind: 'failed', reason: error.message }));
  websocket.once('close', (code) => settle({ kind: 'failed', reason: `closed with code ${code}` }));
  return { abort: () => websocket.terminate() };
}
