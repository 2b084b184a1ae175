import type { Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { gatewayRoutes } from './gateway.routes.ts';
import type { GatewayContact, GatewayKeyCheck } from './tunnel-endpoint.ts';
import type { InProcessTunnelRegistry, TunnelRegistry } from './tunnel-registry.ts';

interface GatewayModuleNeeds {
  /** The registry of this process's tunnels, made first: the controllers' pages read who is connected. */
  registry: InProcessTunnelRegistry;
  /** The same registry with each request's wait for its answer measured: what the users of tunnels get. */
  metered: TunnelRegistry;
  checkKey: GatewayKeyCheck;
  keyChanges: Changes<number>;
  /** Told when a gateway connects (with the version it reports) or leaves. */
  contact: GatewayContact;
  /** Registers what to do when the instance starts draining (the health module's readiness). */
  onDrain: (listener: () => void) => void;
}

/**
 * The gateways' tunnels: the endpoint they dial, the registry of who is online, and `tunnels`, the registry the
 * other modules reach boards through.
 */
export function createGatewayModule(
  _deps: ModuleDeps,
  { registry, metered, checkKey, keyChanges, contact, onDrain }: GatewayModuleNeeds,
) {
  // A replaced or deleted key stops working at once: the tunnel it opened ends.
  keyChanges.subscribe((controllerId) => registry.disconnect(controllerId));
  return {
    registry,
    tunnels: metered,
    publicRoutes: routesOf(gatewayRoutes, { registry, checkKey, contact, onDrain }),
  };
}
