import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The portal's Prometheus metrics (docs/design.md §7): Node.js's standard ones, requests by route and status,
 * the time boards and cameras take to answer through their tunnels, and gauges read when scraped. One registry
 * per app, so tests that build several apps in one process do not share counters; Node's own metrics describe the
 * process and are collected once per process (below).
 */
export interface Metrics {
  /** The app's own metrics; `exposition` adds the process's. */
  registry: Registry;
  /** Answered requests, by method, route pattern (never the raw path: ids would explode the series) and status. */
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route'>;
  /** From a request's stream opened on a tunnel to the head of its answer, by target and outcome. */
  tunnelAnswerSeconds: Histogram<'target' | 'outcome'>;
  /** Requests for machines whose tunnel another instance holds, sent there, by target. */
  forwardedRequests: Counter<'target'>;
  /** A value read at each scrape (tunnels held, streams open). */
  gauge(name: string, help: string, read: () => number): void;
}

/** From a millisecond to the proxy's 30-second time-out: what a request's answer can take. */
const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Node's standard metrics (CPU, memory, event loop, garbage collection), collected once per process: prom-client's
 * collectors watch the garbage collector and the event loop for as long as the process lives, so a registry of
 * them per app would keep every app a process ever built (the tests build hundreds) alive with its gauges.
 */
let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What `GET /metrics` answers: the process's metrics and the app's, in Prometheus's text format. */
export async function exposition(metrics: Metrics): Promise<{ contentType: string; text: string }> {
  const merged = Registry.merge([processMetrics(), metrics.registry]);
  return { contentType: merged.contentType, text: await merged.metrics() };
}

export function createMetrics(): Metrics {
  processMetrics();
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    requestSeconds: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (its head, for streamed answers), by method and route',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS_SECONDS,
      registers,
    }),
    tunnelAnswerSeconds: new Histogram({
      name: 'portal_tunnel_answer_seconds',
      help: "Time from a request sent into a gateway's tunnel to the head of its answer, by target and outcome",
      labelNames: ['target', 'outcome'],
      buckets: LATENCY_BUCKETS_SECONDS,
      registers,
    }),
    forwardedRequests: new Counter({
      name: 'portal_forwarded_requests_total',
      help: 'Requests sent to the instance holding the machine tunnel, by target',
      labelNames: ['target'],
      registers,
    }),
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    },
  };
}
