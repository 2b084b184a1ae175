/** Streamed HTTP exchanges over loopback: followed one by one, or held open by the hundred. */
import { once } from 'node:events';
import http from 'node:http';

/** How a streamed exchange ended, as its client saw it. */
export interface StreamEnd {
  /** The answer's status, when its head arrived. */
  status: number | null;
  /** Body bytes received. */
  received: number;
  /** True when the answer ended whole (its Content-Length reached, or its last chunk seen). */
  complete: boolean;
  /** The client-side error, if the exchange broke. */
  error: string | null;
}

/** Resolves with `promise`, or rejects once `ms` have passed: what "ends within N seconds" means in a test. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still going after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A request whose answer is followed as a stream: reading can be paused and resumed. */
export interface StreamedExchange {
  readonly request: http.ClientRequest;
  /** Resolves once the answer's head has arrived. */
  readonly response: Promise<http.IncomingMessage>;
  /** Body bytes received so far. */
  received(): number;
  /** Stops reading the body (backpressure then reaches the sender). */
  pause(): void;
  resume(): void;
  /** Resolves however the exchange ends: answered whole, cut short, or failed. */
  readonly ended: Promise<StreamEnd>;
}

/**
 * Sends a request and follows its answer. With `body` the request is an upload of `length` bytes, of which only
 * what `write` is given is sent; without, it is a GET.
 */
export function exchange(
  url: string,
  options: { method?: string; headers?: Record<string, string>; length?: number } = {},
): StreamedExchange {
  const headers = { ...options.headers };
  if (options.length !== undefined) headers['content-length'] = String(options.length);
  const request = http.request(url, { method: options.method ?? 'GET', headers, agent: false });
  if (options.length === undefined) request.end();
  let received = 0;
  let status: number | null = null;
  let message: http.IncomingMessage | null = null;
  let paused = false;
  const response = once(request, 'response').then(([answer]) => answer as http.IncomingMessage);
  response.catch(() => undefined);
  const ended = new Promise<StreamEnd>((resolve) => {
    const finish = (error: string | null) =>
      resolve({ status, received, complete: message?.complete ?? false, error });
    request.once('error', (error) => finish(error.message));
    request.once('response', (answer: http.IncomingMessage) => {
      message = answer;
      status = answer.statusCode ?? null;
      if (paused) answer.pause();
      answer.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      answer.once('error', (error) => finish(error.message));
      answer.once('close', () => finish(answer.complete ? null : 'closed before the end'));
    });
  });
  return {
    request,
    response,
    received: () => received,
    pause() {
      paused = true;
      message?.pause();
    },
    resume() {
      paused = false;
      message?.resume();
    },
    ended,
  };
}

/** Counts the parts of an MJPEG answer as they arrive (each starts with mjpg-streamer's boundary). */
export function countFrames(exchange: StreamedExchange): () => number {
  let frames = 0;
  let tail = '';
  exchange.response.then(
    (answer) =>
      answer.on('data', (chunk: Buffer) => {
        const text = tail + chunk.toString('latin1');
        frames += text.split('--boundarydonotcross').length - 1;
        tail = text.slice(-19); // one character short of a whole boundary, so none is counted twice
      }),
    () => undefined,
  );
  return () => frames;
}

/** Long-lived GETs held open together: webcam viewers, status-stream listeners. */
export interface OpenStreams {
  /** Bytes received on all of them so far. */
  bytes(): number;
  close(): void;
}

/**
 * Opens `count` GETs of `url` (or of `url(index)` for the index-th, e.g. a URL carrying one of several users'
 * tokens) and resolves once each has answered 200 and sent its first bytes; their bodies are read and counted,
 * like an `<img>` showing MJPEG or an EventSource.
 */
export async function openStreams(
  url: string | ((index: number) => string),
  count: number,
  parallel: number,
): Promise<OpenStreams> {
  const urlOf = typeof url === 'string' ? () => url : url;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  let bytes = 0;
  const close = () => {
    for (const request of requests) request.destroy();
    agent.destroy();
  };
  const openOne = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const target = urlOf(index);
      const request = http.get(target, { agent }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${target.split('?', 1)[0]} answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          resolve();
        });
        response.on('error', () => undefined); // closed by close()
      });
      request.on('error', reject); // after close() too: settled already, so it changes nothing
      requests.push(request);
    });
  try {
    for (let first = 0; first < count; first += parallel) {
      await Promise.all(
        Array.from({ length: Math.min(parallel, count - first) }, (_, offset) => openOne(first + offset)),
      );
    }
  } catch (error) {
    close();
    throw error;
  }
  return { bytes: () => bytes, close };
}
