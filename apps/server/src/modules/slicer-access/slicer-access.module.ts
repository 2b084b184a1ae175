import type { FastifyInstance } from 'fastify';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { TunnelRegistry } from '../gateway/tunnel-registry.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { ApiTokens } from './api-tokens.ts';
import { octoPrintRoutes } from './octoprint.routes.ts';
import { SlicerAccessRepository } from './slicer-access.repository.ts';
import { slicerTokenRoutes } from './slicer-access.routes.ts';
import { SlicerAccessService } from './slicer-access.service.ts';
import { slicerRelayRoutes } from './slicer-relay.routes.ts';

export interface SlicerAccessDeps {
  registry: TunnelRegistry;
  access: MachineAccessService;
}

/**
 * External access for slicers: the token calls (session), and the token URLs PrusaSlicer, Cura and OctoPrint
 * clients use (public, authenticated by the token), relayed to the board through the tunnel.
 */
export function createSlicerAccessModule({ db, clock, config }: ModuleDeps, deps: SlicerAccessDeps) {
  const repository = new SlicerAccessRepository(db);
  const tokens = new ApiTokens(config.jwtSecret, clock);
  const service = new SlicerAccessService(repository, tokens, deps.access, clock);
  return {
    repository,
    tokens,
    service,
    routes: routesOf(slicerTokenRoutes, { service }),
    publicRoutes: async (app: FastifyInstance) => {
      const options = { registry: deps.registry, service, timeoutMs: config.proxyTimeoutMs };
      await app.register(routesOf(slicerRelayRoutes, options));
      await app.register(routesOf(octoPrintRoutes, options));
    },
  };
}
