/**
 * Load for the tunnel bench: a steady request rate with latency percentiles, and back-to-back requests for the
 * most a path can take. Autocannon cannot be used here: a board closes its connection after every answer
 * (RepRapFirmware's `Connection: close`), which autocannon answers by leaving a request queued on the dead
 * connection and timing the next answer against it, and its rate limit sends each second's share in one burst
 * with latencies in whole milliseconds.
 */
import http from 'node:http';
import { createHistogram } from 'node:perf_hooks';

/** One request: resolves once a 2xx answer has been read to its end, rejects on anything else. */
export type Send = () => Promise<void>;

/** A GET whose answer body is read and dropped. */
export function getter(url: string, options: { agent: http.Agent; headers?: Record<string, string> }): Send {
  return () =>
    new Promise((resolve, reject) => {
      const request = http.get(url, { agent: options.agent, headers: options.headers }, (response) => {
        const status = response.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        let failure = '';
        response.on('data', (chunk: Buffer) => {
          if (!ok && failure.length < 200) failure += chunk.toString('utf8', 0, 200);
        });
        response.once('error', reject);
        response.once('end', () => (ok ? resolve() : reject(new Error(`answered ${status} ${failure}`))));
      });
      request.once('error', reject);
    });
}

export interface LatencyResult {
  /** Requests sent: fewer than asked when the path fell behind. */
  sent: number;
  failed: number;
  /** The first failure's message, if any. */
  failure: string | null;
  p50Ms: number;
  p99Ms: number;
  /** Answers a second over the whole run, from the first request to the last answer. */
  answeredPerSecond: number;
  /** Seconds into the run at which a full second of requests was waiting for answers, and sending stopped. */
  fellBehindAfterS: number | null;
}

/**
 * Sends `rate` requests a second for `durationMs`, each at its own moment whatever the others do (an open
 * loop), and times each from the moment it was due, so a slow answer cannot hide the queue behind it. Once a
 * whole second's worth of requests waits unanswered the path cannot keep up: sending stops there, rather than
 * piling up a queue that only measures its own length.
 */
export function atFixedRate(send: Send, rate: number, durationMs: number): Promise<LatencyResult> {
  const total = Math.round((rate * durationMs) / 1000);
  const intervalMs = 1000 / rate;
  const micros = createHistogram();
  let due = 0;
  let settled = 0;
  let failed = 0;
  let failure: string | null = null;
  let fellBehindAfterS: number | null = null;
  const start = performance.now();
  return new Promise((resolve) => {
    const finish = () =>
      resolve({
        sent: due,
        failed,
        failure,
        p50Ms: micros.count ? micros.percentile(50) / 1000 : Number.NaN,
        p99Ms: micros.count ? micros.percentile(99) / 1000 : Number.NaN,
        answeredPerSecond: ((due - failed) * 1000) / (performance.now() - start),
        fellBehindAfterS,
      });
    const settle = () => {
      settled++;
      if (settled === due && (due === total || fellBehindAfterS !== null)) finish();
    };
    const sendDue = () => {
      const now = performance.now();
      for (; due < total && start + due * intervalMs <= now; due++) {
        if (due - settled >= rate) {
          fellBehindAfterS = (now - start) / 1000;
          return;
        }
        const dueAt = start + due * intervalMs;
        send()
          .then(
            () => micros.record(Math.max(1, Math.round((performance.now() - dueAt) * 1000))),
            (error: Error) => {
              failed++;
              failure ??= error.message;
            },
          )
          .finally(settle);
      }
      if (due < total) setTimeout(sendDue, Math.max(0, start + due * intervalMs - performance.now()));
    };
    sendDue();
  });
}

export interface ThroughputResult {
  completed: number;
  failed: number;
  failure: string | null;
  perSecond: number;
}

/** `concurrency` requests in flight at all times for `durationMs`: the most the path answers. */
export async function atFullSpeed(
  send: Send,
  concurrency: number,
  durationMs: number,
): Promise<ThroughputResult> {
  const end = performance.now() + durationMs;
  let completed = 0;
  let failed = 0;
  let failure: string | null = null;
  const start = performance.now();
  const worker = async () => {
    while (performance.now() < end) {
      try {
        await send();
        completed++;
      } catch (error) {
        failed++;
        failure ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { completed, failed, failure, perSecond: (completed * 1000) / (performance.now() - start) };
}
