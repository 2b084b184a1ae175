import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { gatewayRoutes } from './gateway.routes.ts';
import type { GatewayKeyCheck } from './tunnel-endpoint.ts';
import { InProcessTunnelRegistry } from './tunnel-registry.ts';

/** The gateways' tunnels: the endpoint they dial and the registry of who is online. */
export function createGatewayModule(_deps: ModuleDeps, { checkKey }: { checkKey: GatewayKeyCheck }) {
  const registry = new InProcessTunnelRegistry();
  return { registry, publicRoutes: routesOf(gatewayRoutes, { registry, checkKey }) };
}
