import { ChangeListeners, type Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { type BusinessDeleting, BusinessRepository } from './business.repository.ts';
import { businessPublicRoutes, businessRoutes } from './business.routes.ts';
import { BusinessService } from './business.service.ts';

/**
 * Businesses, the operator's among them (the footer's record). `deleting` tells the modules built after it of a
 * business being deleted, inside the deletion's transaction (`BusinessDeleting`).
 */
export function createBusinessModule(
  { db }: ModuleDeps,
  hooks: { businessChanged: (businessId: number) => void },
) {
  const repository = new BusinessRepository(db);
  const deleting = new ChangeListeners<BusinessDeleting>();
  const service = new BusinessService(repository, { ...hooks, deleting });
  return {
    repository,
    service,
    deleting: deleting as Changes<BusinessDeleting>,
    publicRoutes: routesOf(businessPublicRoutes, { businesses: service }),
    routes: routesOf(businessRoutes, { businesses: service }),
  };
}
