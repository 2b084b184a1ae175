import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { TicketsRepository } from './tickets.repository.ts';
import { ticketsRoutes } from './tickets.routes.ts';
import { TicketsService } from './tickets.service.ts';

/** Support tickets about machine groups, with their threads (specification section 7 "Tickets and feed"). */
export function createTicketsModule({ db, clock }: ModuleDeps) {
  const repository = new TicketsRepository(db);
  const service = new TicketsService(repository, clock);
  return { repository, service, routes: routesOf(ticketsRoutes, { tickets: service }) };
}
