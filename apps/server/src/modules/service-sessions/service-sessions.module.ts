import { ChangeListeners, type Changes } from '../../shared/change-listeners.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { SessionEvents } from '../auth/session-events.ts';
import { ServiceSessionsRepository } from './service-sessions.repository.ts';
import { serviceSessionsRoutes } from './service-sessions.routes.ts';
import {
  type ConsentChange,
  type ServiceSessionChange,
  ServiceSessionsService,
} from './service-sessions.service.ts';

export type { ConsentChange, ServiceSessionChange } from './service-sessions.service.ts';

export interface ServiceSessionsModuleDeps {
  /** Every instance decides machine grants again. */
  grantsMayHaveChanged: () => void;
  /** The auth module's session events: an ended session closes its person's panels. */
  sessions: SessionEvents;
}

/**
 * Remote service with the customer's consent (docs/design.md §11): businesses' consent setting, and service sessions
 * asked for from tickets, decided by the business, ended early or by their time. Machine access reads both.
 *
 * `service-sessions.policy.ts` says who sees, asks, decides and ends. Machine access reads the setting and the open
 * session for its `control` decision, the board client's relay enforces it, and the notifications module tells the
 * people concerned. An account the operator's staff set up (`users.staff_set_at`) does not change consent.
 */
export function createServiceSessionsModule(
  { db, clock }: ModuleDeps,
  { grantsMayHaveChanged, sessions }: ServiceSessionsModuleDeps,
) {
  const repository = new ServiceSessionsRepository(db);
  const changes = new ChangeListeners<ServiceSessionChange>();
  const consentChanges = new ChangeListeners<ConsentChange>();
  const service = new ServiceSessionsService({
    repository,
    clock,
    grantsMayHaveChanged,
    sessions,
    changed: (change) => void changes.publish(change),
    consentChanged: (change) => void consentChanges.publish(change),
  });
  return {
    repository,
    service,
    /** Every request, decision and end, once stored; listeners must return at once (notifications). */
    changes: changes as Changes<ServiceSessionChange>,
    /** Every change of a business's consent setting, once stored; listeners must return at once (notifications). */
    consentChanges: consentChanges as Changes<ConsentChange>,
    routes: routesOf(serviceSessionsRoutes, { service }),
  };
}
