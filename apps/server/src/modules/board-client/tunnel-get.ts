import http2 from 'node:http2';
import { GATEWAY_ANSWER_HEADER } from '@portal/tunnel';
import { HOLDER_ANSWERS, type TunnelActor, type TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { BoardFailure } from './board-reading.ts';

export interface TunnelGetOptions {
  /** How long the gateway may hold the request before it reaches the board (past it: 504, never sent). */
  waitMs: number;
  /** How long the whole answer may take. */
  timeoutMs: number;
  /** Larger answers are refused: a board's whole object model is far smaller. */
  maxBytes: number;
  /** The user the reading is for, when one asked for it. */
  actor?: TunnelActor;
  /** The board (the default) or the machine's webcam. */
  target?: 'board' | 'webcam';
}

/** A board's HTTP answer, or why there is none. */
export type TunnelGetResult =
  | { kind: 'answer'; status: number; body: Buffer }
  | { kind: 'failed'; failure: BoardFailure }
  | { kind: 'offline' };

/**
 * GETs `path` from the controller's board through its tunnel. The gateway's own 503 and 504 (marked with
 * its answer header) come back as answers too: the caller tells them apart only by status, as the
 * card of docs/product.md §4 does.
 */
export function tunnelGet(
  tunnels: TunnelRegistry,
  controllerId: number,
  path: string,
  { waitMs, timeoutMs, maxBytes, actor, target = 'board' }: TunnelGetOptions,
): Promise<TunnelGetResult> {
  let stream: http2.ClientHttp2Stream | null;
  try {
    stream = tunnels.open(controllerId, {
      method: 'GET',
      target,
      path,
      waitMs,
      ...(actor && { actor }),
    });
  } catch (error) {
    // A session that received GOAWAY refuses new streams: the tunnel is going away.
    return Promise.resolve({ kind: 'failed', failure: { kind: 'broken', reason: String(error) } });
  }
  if (!stream) return Promise.resolve({ kind: 'offline' });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: TunnelGetResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!stream.closed) stream.close(http2.constants.NGHTTP2_CANCEL);
      resolve(result);
    };
    const timer = setTimeout(() => settle({ kind: 'failed', failure: { kind: 'timeout' } }), timeoutMs);
    let status = 0;
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('response', (headers) => {
      status = Number(headers[':status']);
      // The tunnel left the instance a request was forwarded to: the gateway is offline until it is back.
      if (headers[GATEWAY_ANSWER_HEADER] === HOLDER_ANSWERS.tunnelLeft) settle({ kind: 'offline' });
      // The gateway's own answers carry no board body worth reading.
      else if (headers[GATEWAY_ANSWER_HEADER] !== undefined)
        settle({ kind: 'answer', status, body: Buffer.alloc(0) });
    });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        settle({
          kind: 'failed',
          failure: { kind: 'broken', reason: `answer larger than ${maxBytes} bytes` },
        });
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => settle({ kind: 'answer', status, body: Buffer.concat(chunks) }));
    stream.on('error', (error) =>
      settle({ kind: 'failed', failure: { kind: 'broken', reason: error.message } }),
    );
    stream.on('close', () =>
      settle({
        kind: 'failed',
        failure: { kind: 'broken', reason: 'the stream closed before its answer ended' },
      }),
    );
  });
}
