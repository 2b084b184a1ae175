import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { BusinessRepository } from '../business/business.repository.ts';
import { LicensesRepository } from './licenses.repository.ts';
import { licensesRoutes } from './licenses.routes.ts';
import { LicensesService } from './licenses.service.ts';

/** Licences of businesses, and their binding to computer controllers. */
export function createLicensesModule(
  { db, clock }: ModuleDeps,
  { businesses }: { businesses: BusinessRepository },
) {
  const repository = new LicensesRepository(db);
  const service = new LicensesService({ licenses: repository, businesses, clock });
  return { repository, service, routes: routesOf(licensesRoutes, { licenses: service }) };
}
