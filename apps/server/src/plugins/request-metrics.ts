import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../shared/metrics.ts';

/** A request no route matched is counted under one label, whatever its path. */
const UNMATCHED_ROUTE = '(unmatched)';

/** Counts every answered request by route pattern and status, and how long its answer took. */
export const requestMetricsPlugin = fp(
  async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const { method } = request;
      metrics.requests.inc({ method, route, status: String(reply.statusCode) });
      metrics.requestSeconds.observe({ method, route }, reply.elapsedTime / 1000);
    });
  },
  { name: 'request-metrics' },
);
