import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { ControllersRepository } from './controllers.repository.ts';
import { controllersRoutes } from './controllers.routes.ts';
import { ControllersService } from './controllers.service.ts';

/** Computer controllers: the gateway computers at customers' sites, their licences and gateway keys. */
export function createControllersModule(
  { db, clock }: ModuleDeps,
  { keyChanged }: { keyChanged: (controllerId: number) => void },
) {
  const repository = new ControllersRepository(db);
  const service = new ControllersService(repository, clock, keyChanged);
  return { repository, service, routes: routesOf(controllersRoutes, { controllers: service }) };
}
