import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The portal's Prometheus metrics (docs/design.md §7): Node.js's standard ones, requests by route and status,
 * the time boards and cameras take to answer through their tunnels, and gauges read when scraped. One registry
 * per app, so tests that build several apps in one process do not share counters.
 */
export interface Metrics {
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

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
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
