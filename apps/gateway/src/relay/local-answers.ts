import http2 from 'node:http2';
import { GATEWAY_ANSWER_HEADER, type GatewayAnswer } from '@portal/tunnel';

export interface LocalAnswer {
  status: number;
  /** Marks an answer the gateway made instead of the board (offline, busy, refused), for the portal. */
  answer?: GatewayAnswer;
  json?: unknown;
  text?: string;
}

/**
 * Answers a stream from the gateway itself. If the portal is still sending a request body (an upload refused
 * before it reached the board), the stream is then reset with NO_ERROR, which tells the sender to stop (RFC 9113
 * §8.1) instead of pushing the rest of the file through the tunnel for nothing.
 */
export function answerStream(stream: http2.ServerHttp2Stream, local: LocalAnswer): void {
  if (stream.destroyed || stream.closed) return;
  if (stream.headersSent) {
    stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  const headers: http2.OutgoingHttpHeaders = { ':status': local.status, 'cache-control': 'no-store' };
  if (local.answer) headers[GATEWAY_ANSWER_HEADER] = local.answer;
  let body: string | undefined;
  if (local.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(local.json);
  } else if (local.text !== undefined) {
    headers['content-type'] = 'text/plain; charset=utf-8';
    body = local.text;
  }
  if (body === undefined) {
    stream.respond(headers, { endStream: true });
  } else {
    headers['content-length'] = Buffer.byteLength(body);
    stream.respond(headers);
    stream.end(body);
  }
  if (!stream.endAfterHeaders && !stream.readableEnded) {
    stream.once('finish', () => {
      if (!stream.closed) stream.close(http2.constants.NGHTTP2_NO_ERROR);
    });
  }
}

/**
 * Aborts when the stream closes before its answer was sent whole and before `done()` is called: the portal
 * cancelled it or the tunnel fell. A stream answered whole often closes before `done()` comes (its close is a
 * tick, the relay's end a chain of promises): nothing is left to cancel then, and no abort is made.
 */
export function cancellationOf(stream: http2.ServerHttp2Stream): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onClose = () => {
    // A reset stream counts as ended for writing too: its code tells it from one answered whole.
    const answered = stream.writableFinished && stream.rstCode === http2.constants.NGHTTP2_NO_ERROR;
    if (!answered) controller.abort(new Error('the portal closed the stream'));
  };
  if (stream.closed || stream.destroyed) onClose();
  else stream.once('close', onClose);
  return { signal: controller.signal, done: () => stream.off('close', onClose) };
}
