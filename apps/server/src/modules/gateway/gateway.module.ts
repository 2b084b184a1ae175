import type { Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { gatewayRoutes } from './gateway.routes.ts';
import type { GatewayContact, GatewayKeyCheck } from './tunnel-endpoint.ts';
import type { InProcessTunnelRegistry } from './tunnel-registry.ts';

interface GatewayModuleNeeds {
  /** The registry of this process's tunnels, made first: the controllers' pages read who is connected. */
  registry: InProcessTunnelRegistry;
  checkKey: GatewayKeyCheck;
  keyChanges: Changes<number>;
  /** Told when a gateway connects (with the version it reports) or leaves. */
  contact: GatewayContact;
}

/** The gateways' tunnels: the endpoint they dial and the registry of who is online. */
export function createGatewayModule(
  _deps: ModuleDeps,
  { registry, checkKey, keyChanges, contact }: GatewayModuleNeeds,
) {
  // A replaced or deleted key stops working at once: the tunnel it opened ends.
  keyChanges.subscribe((controllerId) => registry.disconnect(controllerId));
  return { registry, publicRoutes: routesOf(gatewayRoutes, { registry, checkKey, contact }) };
}
