import type http2 from 'node:http2';
import type { Metrics } from '../../shared/metrics.ts';
import type { TunnelRegistry, TunnelRequest } from './tunnel-registry.ts';

/** How a tunnelled request ended, as the metrics name it: the status class of its answer, or none. */
const outcomeOf = (status: number | undefined) =>
  status === undefined ? 'no-answer' : `${Math.floor(status / 100)}xx`;

/**
 * The registry as every user of tunnels sees it, with each request's wait for its answer measured: the
 * proxy's latency as the board and the gateway add it, apart from the portal's own time.
 */
export function meteredTunnels(registry: TunnelRegistry, metrics: Metrics): TunnelRegistry {
  return {
    isOnline: (controllerId) => registry.isOnline(controllerId),
    onlineControllers: () => registry.onlineControllers(),
    onStatus: (listener) => registry.onStatus(listener),
    open(controllerId: number, request: TunnelRequest): http2.ClientHttp2Stream | null {
      const stream = registry.open(controllerId, request);
      return stream && metered(stream, request, metrics);
    },
  };
}

/** A tunnelled request's stream, its wait for the answer measured. */
function metered(
  stream: http2.ClientHttp2Stream,
  request: TunnelRequest,
  metrics: Metrics,
): http2.ClientHttp2Stream {
  const end = metrics.tunnelAnswerSeconds.startTimer({ target: request.target });
  let measured = false;
  const measure = (status: number | undefined) => {
    if (measured) return;
    measured = true;
    end({ outcome: outcomeOf(status) });
  };
  stream.once('response', (headers) => measure(headers[':status']));
  stream.once('close', () => measure(undefined));
  return stream;
}
