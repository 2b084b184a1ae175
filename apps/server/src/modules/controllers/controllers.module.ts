import type { Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { GatewayPresence } from '../gateway/tunnel-registry.ts';
import { ControllersRepository } from './controllers.repository.ts';
import { controllersRoutes } from './controllers.routes.ts';
import { ControllersService } from './controllers.service.ts';

/** Whose gateway key was replaced or deleted, on the deployment's bus: the instance holding the tunnel may be another. */
const KEY_CHANGES = 'gateway-key-changes';

/** Computer controllers: the gateway computers at customers' sites, their licences and gateway keys. */
export function createControllersModule(
  { db, clock, bus }: ModuleDeps,
  { presence }: { presence: GatewayPresence },
) {
  const repository = new ControllersRepository(db);
  const service = new ControllersService(
    repository,
    clock,
    (controllerId) => bus.publish<{ controllerId: number }>(KEY_CHANGES, { controllerId }),
    presence,
  );
  const keyChanges: Changes<number> = {
    subscribe: (listener) =>
      bus.subscribe<{ controllerId: number }>(KEY_CHANGES, ({ controllerId }) => void listener(controllerId)),
  };
  return {
    repository,
    service,
    /** Controllers whose gateway key was replaced or deleted: the gateway module ends their tunnels. */
    keyChanges,
    routes: routesOf(controllersRoutes, { controllers: service }),
  };
}
