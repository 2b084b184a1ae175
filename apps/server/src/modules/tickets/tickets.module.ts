import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { TicketsRepository } from './tickets.repository.ts';
import { ticketsRoutes } from './tickets.routes.ts';
import { type TicketChangeListener, TicketsService } from './tickets.service.ts';

export interface TicketsModuleDeps {
  /** Told of every answer, close and reopen, after it is stored; must return at once (notifications). */
  ticketChanged?: TicketChangeListener;
}

/** Support tickets about machine groups, with their threads (specification section 7 "Tickets and feed"). */
export function createTicketsModule({ db, clock }: ModuleDeps, { ticketChanged }: TicketsModuleDeps = {}) {
  const repository = new TicketsRepository(db);
  const service = new TicketsService(repository, clock, ticketChanged);
  return { repository, service, routes: routesOf(ticketsRoutes, { tickets: service }) };
}
