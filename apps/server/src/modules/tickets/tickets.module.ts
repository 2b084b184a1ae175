import { ChangeListeners, type Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { TicketsRepository } from './tickets.repository.ts';
import { ticketsRoutes } from './tickets.routes.ts';
import { type TicketChange, TicketsService } from './tickets.service.ts';

/**
 * Support tickets about machine groups, with their threads and authors (docs/product.md §7 "Tickets and feed"); who
 * sees which ticket is `tickets.policy.ts` (docs/design.md §3).
 */
export function createTicketsModule({ db, clock }: ModuleDeps) {
  const repository = new TicketsRepository(db);
  const changes = new ChangeListeners<TicketChange>();
  const service = new TicketsService(repository, clock, (change) => {
    void changes.publish(change);
  });
  return {
    repository,
    service,
    /** Every new ticket, answer, close and reopen, after it is stored; listeners must return at once (notifications). */
    changes: changes as Changes<TicketChange>,
    routes: routesOf(ticketsRoutes, { tickets: service }),
  };
}
