import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningBoard } from '../board.ts';

export interface PrefixedBoard {
  /** The proxy's origin; the board is at `${url}${prefix}`. */
  readonly url: string;
  /** Every request target received, in order, as it arrived (prefix included). */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * A board served under a path prefix, as the portal's proxy serves one: a target outside the prefix gets 404,
 * one inside reaches the board with the prefix taken off, and every target is recorded as the browser sent it.
 */
export async function behindPrefix(board: RunningBoard, prefix: string): Promise<PrefixedBoard> {
  const requests: string[] = [];
  const { port } = new URL(board.url);
  const server = http.createServer((request, response) => {
    const target = request.url ?? '/';
    requests.push(target);
    if (!target.startsWith(prefix)) {
      response.writeHead(404).end();
      return;
    }
    const upstream = http.request({
      host: '127.0.0.1',
      port,
      method: request.method,
      path: `/${target.slice(prefix.length)}`,
      headers: request.rawHeaders,
      agent: false,
    });
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    });
    upstream.on('error', () => response.socket?.destroy());
    request.pipe(upstream);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
