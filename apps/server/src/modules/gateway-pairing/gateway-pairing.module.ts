import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { GatewayPairingRepository } from './gateway-pairing.repository.ts';
import { gatewayPairingPublicRoutes, gatewayPairingRoutes } from './gateway-pairing.routes.ts';
import { GatewayPairingService, type PairingControllers } from './gateway-pairing.service.ts';

/**
 * Pairing a gateway with a short code (docs/design.md §5d): the gateway's public calls (a code, then whether it was
 * claimed) and the administrators' claim on a controller's page, which installs the gateway's own key.
 */
export function createGatewayPairingModule(
  { db, clock, config }: ModuleDeps,
  { controllers }: { controllers: PairingControllers },
) {
  const repository = new GatewayPairingRepository(db);
  const service = new GatewayPairingService(repository, controllers, clock, config.gatewayPackages);
  return {
    repository,
    service,
    publicRoutes: routesOf(gatewayPairingPublicRoutes, { pairing: service }),
    routes: routesOf(gatewayPairingRoutes, { pairing: service }),
  };
}
