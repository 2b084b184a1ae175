import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { BusinessRepository } from './business.repository.ts';
import { businessPublicRoutes, businessRoutes } from './business.routes.ts';
import { BusinessService } from './business.service.ts';

/** Businesses, the operator's among them (the footer's record). */
export function createBusinessModule(
  { db }: ModuleDeps,
  hooks: { businessChanged: (businessId: number) => void },
) {
  const repository = new BusinessRepository(db);
  const service = new BusinessService(repository, hooks);
  return {
    repository,
    service,
    publicRoutes: routesOf(businessPublicRoutes, { businesses: service }),
    routes: routesOf(businessRoutes, { businesses: service }),
  };
}
