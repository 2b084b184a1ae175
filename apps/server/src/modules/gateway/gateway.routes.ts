import type { FastifyInstance } from 'fastify';
import type { GatewayContact, GatewayKeyCheck } from './tunnel-endpoint.ts';
import { refuseUpgrade, TunnelEndpoint } from './tunnel-endpoint.ts';
import type { InProcessTunnelRegistry } from './tunnel-registry.ts';

export interface GatewayRoutesOptions extends Record<string, unknown> {
  registry: InProcessTunnelRegistry;
  checkKey: GatewayKeyCheck;
  contact: GatewayContact;
  /** Registers what to do when the instance starts draining (SIGTERM). */
  onDrain: (listener: () => void) => void;
}

/**
 * The tunnel endpoint (`GET /api/v1/gateway/tunnel` with a WebSocket upgrade). Gateways authenticate with
 * their own key, not a session, and Node hands upgrades to the server's 'upgrade' event rather than to a
 * route: the portal's origin answers no other upgrade.
 */
export async function gatewayRoutes(
  app: FastifyInstance,
  { registry, checkKey, contact, onDrain }: GatewayRoutesOptions,
) {
  const endpoint = new TunnelEndpoint(registry, checkKey, contact, app.log);
  onDrain(() => endpoint.drain());
  app.server.on('upgrade', (request, socket, head) => {
    if (!endpoint.handleUpgrade(request, socket, head)) {
      refuseUpgrade(socket, 404, 'NOT_FOUND', 'Not found');
    }
  });
  app.addHook('preClose', async () => endpoint.closeAll());
}
