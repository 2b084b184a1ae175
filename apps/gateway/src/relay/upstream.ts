import http from 'node:http';
import type http2 from 'node:http2';
import type { Readable } from 'node:stream';
import { UpstreamTimeoutError, UpstreamUnreachableError } from './errors.ts';

/** A board or webcam the gateway talks plain HTTP/1.1 to. */
export interface Upstream {
  hostname: string;
  port: number;
  /** `host:port`, as the Host header carries it. */
  host: string;
}

export function upstreamOf(url: string): Upstream {
  const parsed = new URL(url);
  const port = Number(parsed.port) || 80;
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  return { hostname, port, host: `${parsed.hostname}:${port}` };
}

export interface UpstreamRequest {
  method: string;
  target: string;
  headers: [name: string, value: string][];
  /** Piped into the request with backpressure; the headers carry its Content-Length. */
  body?: Readable;
  /** How long the upstream may stay silent before its answer's head arrives. */
  timeoutMs: number;
  /** Aborting destroys the request (the client went away). */
  signal?: AbortSignal;
}

/**
 * Once an answer is streaming, silence is no longer a fault (a slow client holds it back), but a board that lost
 * power is: TCP keep-alive finds a dead peer without counting the time spent waiting on the client.
 */
const TCP_KEEPALIVE_MS = 10_000;

/**
 * Sends one request and resolves with the answer's head; its body is the caller's to consume. Rejects with
 * UpstreamUnreachableError when the connection fails before an answer, UpstreamTimeoutError on silence, and the
 * signal's reason when aborted.
 */
export function sendUpstream(
  upstream: Upstream,
  agent: http.Agent | false,
  request: UpstreamRequest,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let answered = false;
    const req = http.request({
      host: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.target,
      headers: request.headers.flat(),
      setHost: false,
      agent,
    });
    const onAbort = () => req.destroy(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('close', () => signal?.removeEventListener('abort', onAbort));
    req.setTimeout(request.timeoutMs, () =>
      req.destroy(new UpstreamTimeoutError(`no answer within ${request.timeoutMs} ms`)),
    );
    req.on('error', (error) => {
      if (answered) return; // the response stream reports it to whoever consumes the body
      if (signal?.aborted) reject(signal.reason);
      else if (error instanceof UpstreamTimeoutError) reject(error);
      else reject(new UpstreamUnreachableError(describe(error), { cause: error }));
    });
    req.on('response', (response) => {
      answered = true;
      req.setTimeout(0);
      response.socket.setKeepAlive(true, TCP_KEEPALIVE_MS);
      resolve(response);
    });
    if (request.body) request.body.pipe(req);
    else req.end();
  });
}

function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code} ${error.message}` : error.message;
}

/** Reads a small answer whole (a login or a keep-alive); anything larger than `limit` is cut off as an error. */
export async function readSmallBody(response: http.IncomingMessage, limit = 64 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      response.destroy();
      throw new UpstreamUnreachableError(`answer longer than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Headers that describe one HTTP/1.1 connection and must not cross into HTTP/2 (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'http2-settings',
]);

/** The upstream's status and headers, minus the hop-by-hop ones, ready for an HTTP/2 answer. */
export function responseHeaders(response: http.IncomingMessage): http2.OutgoingHttpHeaders {
  const listed = new Set(
    String(response.headers.connection ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase()),
  );
  const headers: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !listed.has(name)) headers[name] = value;
  }
  return headers;
}

/** Statuses whose answer never has a body; HTTP/2 ends such a stream with its headers. */
const BODILESS = new Set([204, 205, 304]);

/**
 * Streams the upstream's answer into the HTTP/2 stream with backpressure both ways. If either side fails midway
 * the other is destroyed: the portal sees a reset stream, never a silently truncated body. Piped by hand: the
 * end-of-stream bookkeeping of `pipeline` builds an error and an abort signal for every answer, a few percent of
 * the gateway's CPU per proxied request (docs/benchmarks.md).
 */
export function forwardResponse(
  stream: http2.ServerHttp2Stream,
  response: http.IncomingMessage,
): Promise<void> {
  if (stream.destroyed) {
    response.destroy();
    return Promise.resolve();
  }
  if (BODILESS.has(response.statusCode ?? 0)) {
    response.resume();
    stream.respond(responseHeaders(response), { endStream: true });
    return Promise.resolve();
  }
  stream.respond(responseHeaders(response));
  return new Promise((resolve, reject) => {
    const cut = (error: Error) => {
      response.destroy();
      stream.destroy(error);
      reject(error);
    };
    response.once('error', cut);
    response.once('close', () => {
      if (!response.readableEnded) cut(new Error('the upstream closed before the end of its answer'));
    });
    stream.once('error', cut);
    stream.once('close', () => {
      if (!stream.writableFinished) cut(new Error('the stream closed before the end of the answer'));
    });
    stream.once('finish', () => resolve());
    response.pipe(stream);
  });
}
