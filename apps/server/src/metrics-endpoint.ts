import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exposition, type Metrics } from './shared/metrics.ts';

export interface MetricsEndpoint {
  /** The address it listens on, e.g. http://127.0.0.1:9464. */
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` for Prometheus on a port of its own (METRICS_PORT), never on the portal's public port: what it
 * tells (routes, load, tunnels) is for the operator's monitoring only, reached from their network.
 */
export async function listenForMetrics(
  metrics: Metrics,
  host: string,
  port: number,
): Promise<MetricsEndpoint> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    exposition(metrics).then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
