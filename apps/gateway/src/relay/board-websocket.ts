import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type http2 from 'node:http2';
import type { Socket } from 'node:net';
import { type BoardRequest, DSF_SOCKET_KEY_PARAM, serializeBoardTarget } from '@portal/duet/protocol';
import { websocketAccept } from '@portal/tunnel';
import { UpstreamTimeoutError, UpstreamUnreachableError } from './errors.ts';
import type { Upstream } from './upstream.ts';

/**
 * DSF's object-model WebSocket (`/machine?sessionKey=…`, docs/duet-http.md §2.4) reaches the gateway as an
 * extended-CONNECT stream (RFC 8441). The portal completes the browser's handshake; the gateway performs its own
 * with the board and then passes raw bytes both ways, so frames cross unchanged (masked from the browser, unmasked
 * from the board, as each side expects).
 */
export type BoardUpgrade =
  | { kind: 'open'; socket: Socket; head: Buffer }
  | { kind: 'refused'; status: number; reason: string };

/** The client's socket request with its own `sessionKey` replaced by the gateway's (or removed when it has none). */
export function websocketTarget(board: BoardRequest, sessionKey: string | null): string {
  const others = board.query.filter(([name]) => name.toLowerCase() !== DSF_SOCKET_KEY_PARAM.toLowerCase());
  return serializeBoardTarget({
    ...board,
    query: sessionKey ? [...others, [DSF_SOCKET_KEY_PARAM, sessionKey]] : others,
  });
}

/** An HTTP/1.1 WebSocket handshake with the board: a fresh key, no extensions, the accept value checked. */
export function upgradeToWebSocket(
  upstream: Upstream,
  target: string,
  { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal },
): Promise<BoardUpgrade> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const key = randomBytes(16).toString('base64');
    const req = http.request({
      host: upstream.hostname,
      port: upstream.port,
      method: 'GET',
      path: target,
      setHost: false,
      agent: false, // an upgraded socket lives on outside any pool
      headers: [
        'Host',
        upstream.host,
        'Connection',
        'Upgrade',
        'Upgrade',
        'websocket',
        'Sec-WebSocket-Version',
        '13',
        'Sec-WebSocket-Key',
        key,
      ],
    });
    let settled = false;
    const onAbort = () => req.destroy(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      settled = true;
      signal.removeEventListener('abort', onAbort);
    };
    req.setTimeout(timeoutMs, () =>
      req.destroy(new UpstreamTimeoutError(`no answer within ${timeoutMs} ms`)),
    );
    req.on('error', (error) => {
      if (settled) return;
      settle();
      if (signal.aborted) reject(signal.reason);
      else if (error instanceof UpstreamTimeoutError) reject(error);
      else reject(new UpstreamUnreachableError(error.message, { cause: error }));
    });
    req.on('response', (response) => {
      settle();
      response.resume();
      resolve({
        kind: 'refused',
        status: response.statusCode ?? 0,
        reason: `the board answered ${response.statusCode}`,
      });
    });
    req.on('upgrade', (response, socket, head) => {
      settle();
      if (response.headers['sec-websocket-accept'] !== websocketAccept(key)) {
        socket.destroy();
        resolve({
          kind: 'refused',
          status: 101,
          reason: 'the board answered with a wrong Sec-WebSocket-Accept',
        });
        return;
      }
      resolve({ kind: 'open', socket, head });
    });
    req.end();
  });
}

/** Answers the CONNECT stream and joins it to the board's socket; resolves once both are closed. */
export function spliceWebSocket(
  stream: http2.ServerHttp2Stream,
  socket: Socket,
  head: Buffer,
): Promise<void> {
  return new Promise((resolve) => {
    stream.respond({ ':status': 200 });
    if (head.length > 0) stream.write(head);
    socket.setTimeout(0);
    socket.setKeepAlive(true, 10_000);
    socket.pipe(stream);
    stream.pipe(socket);
    let open = 2;
    const closeBoth = () => {
      socket.destroy();
      if (!stream.destroyed) stream.close();
      if (--open === 0) resolve();
    };
    socket.once('close', closeBoth);
    stream.once('close', closeBoth);
    socket.on('error', () => {}); // the close that follows ends both sides
    stream.on('error', () => {});
  });
}
