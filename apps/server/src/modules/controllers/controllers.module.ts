import { ChangeListeners, type Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { GatewayPresence } from '../gateway/tunnel-registry.ts';
import { ControllersRepository } from './controllers.repository.ts';
import { controllersRoutes } from './controllers.routes.ts';
import { ControllersService } from './controllers.service.ts';

/** Computer controllers: the gateway computers at customers' sites, their licences and gateway keys. */
export function createControllersModule(
  { db, clock }: ModuleDeps,
  { presence }: { presence: GatewayPresence },
) {
  const repository = new ControllersRepository(db);
  const keyChanges = new ChangeListeners<number>();
  const service = new ControllersService(
    repository,
    clock,
    (controllerId) => {
      void keyChanges.publish(controllerId);
    },
    presence,
  );
  return {
    repository,
    service,
    /** Controllers whose gateway key was replaced or deleted: the gateway module ends their tunnels. */
    keyChanges: keyChanges as Changes<number>,
    routes: routesOf(controllersRoutes, { controllers: service }),
  };
}
