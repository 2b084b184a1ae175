import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { InsightRepository } from './insight.repository.ts';
import { insightRoutes } from './insight.routes.ts';
import { InsightService } from './insight.service.ts';

/**
 * Fleet insight (docs/design.md §12): utilisation, job outcomes and filament per machine and week, read from the
 * finished jobs the maintenance module records (`machine_jobs`).
 */
export function createInsightModule({ db, clock }: ModuleDeps) {
  const repository = new InsightRepository(db);
  const service = new InsightService(repository, clock);
  return { repository, service, routes: routesOf(insightRoutes, { service }) };
}
