import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import { type RelayDestination, type RelayRequest, relay } from './tunnel-relay.ts';

/**
 * Board answers fetched by the SPA itself (file lists, CSV, downloads) may come through the portal's origin,
 * but never as something that runs there (docs/design.md §5): a sandboxed CSP and no type sniffing.
 */
export const PORTAL_ORIGIN_PROXY_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

/** Where the route's request goes (RelayRequest's): a board request read at the edge, or the webcam's path. */
export type RelayRouteOptions = RelayDestination & RelayRouteDetails;

export interface RelayRouteDetails {
  controllerId: number;
  timeoutMs: number;
  /** Added to the answer's own headers (the portal origin's sandbox, no caching). */
  headers: Record<string, string>;
  /** A body to send instead of the request's own. */
  body?: RelayRequest['body'];
  /** The user the request is for (RelayRequest's). */
  actor?: RelayRequest['actor'];
  /** The activity record (RelayRequest's). */
  activity?: RelayRequest['activity'];
  /** Whether the user may change the board (RelayRequest's). */
  control?: RelayRequest['control'];
}

/**
 * A route's request relayed through the tunnel and the board's answer streamed back through `reply`. When the
 * client goes away first, the wait ends and the tunnel stream is cancelled.
 */
export async function relayRoute(
  registry: TunnelRegistry,
  request: FastifyRequest,
  reply: FastifyReply,
  options: RelayRouteOptions,
): Promise<FastifyReply> {
  const destination: RelayDestination =
    options.target === 'board'
      ? { target: 'board', board: options.board }
      : { target: 'webcam', path: options.path };
  const answer = await relay(registry, {
    ...destination,
    controllerId: options.controllerId,
    incoming: request.raw,
    ...(options.body && { body: options.body }),
    ...(options.actor && { actor: options.actor }),
    ...(options.activity && { activity: options.activity, address: request.ip }),
    ...(options.control && { control: options.control }),
    signal: clientGone(reply),
    timeoutMs: options.timeoutMs,
  });
  // Streamed as the board sent it; the routes' response schemas describe their errors only.
  return reply
    .code(answer.status)
    .headers({ ...answer.headers, ...options.headers })
    .send(answer.body as never);
}

/** Aborts when the client closes its connection before the answer is complete. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
