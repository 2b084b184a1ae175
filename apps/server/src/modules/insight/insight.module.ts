import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { InsightRepository } from './insight.repository.ts';
import { insightRoutes } from './insight.routes.ts';
import { InsightService } from './insight.service.ts';

/**
 * Fleet insight (docs/design.md §12): utilisation, job outcomes and filament per machine and week, read from the
 * finished jobs the maintenance module records (`machine_jobs`).
 *
 * Summed in SQL per machine group and week (Monday, UTC), for managers (their business's groups) and administrators
 * (all, by business and location; capability `fleetInsight`), with the CSV export of the same figures
 * (`shared/csv.ts`). The period's rules (`insightPeriod`, `calendarHours`) are the contract's, shared with the
 * screen.
 */
export function createInsightModule({ db, clock }: ModuleDeps) {
  const repository = new InsightRepository(db);
  const service = new InsightService(repository, clock);
  return { repository, service, routes: routesOf(insightRoutes, { service }) };
}
