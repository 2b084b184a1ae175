import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Changes } from '../../shared/change-listeners.ts';
import type { Mailer } from '../../shared/mailer.ts';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import type { MachineEvents, MachineTransition } from '../live-status/machine-events.ts';
import type { ConsentChange, ServiceSessionChange } from '../service-sessions/service-sessions.module.ts';
import { NotificationCentreRepository } from './notification-centre.repository.ts';
import { NotificationCentreService } from './notification-centre.service.ts';
import type { Snapshot } from './notification-centre.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';
import { PushEndpointPolicy } from './push-endpoint.ts';
import { PushNotifier, type TicketEvent } from './push-notifier.ts';
import { PushSender } from './push-sender.ts';

/** A flapping machine tells each person about each kind of event at most once in five minutes. */
const MACHINE_THROTTLE_MS = 5 * 60_000;
const SEND = { timeoutMs: 10_000, concurrency: 8, maxQueued: 5_000 };
const DEFAULT_SUBJECT = 'mailto:support@example.com';

export interface NotificationsModuleDeps {
  /** The live status monitor's events: machine transitions become notifications. */
  machineEvents: MachineEvents;
  /** The tickets module's answers, closes and reopens, told to the other people of the thread. */
  ticketChanges: Changes<TicketEvent>;
  /** Service sessions requested, decided and ended, told to the people they concern by push and mail. */
  serviceSessionChanges: Changes<ServiceSessionChange>;
  /** Businesses' consent settings changed, mailed to their managers. */
  consentChanges: Changes<ConsentChange>;
  mailer: Mailer;
  /** A frame of a machine's camera for machine events' mails (the webcam module's). */
  snapshot: Snapshot;
  /**
   * Whether a machine's job finished or cancelled is a queued copy's (the print queue's, built after this module):
   * the queue tells those itself (`notifier.queueRun`).
   */
  endsQueueRun(transition: MachineTransition): Promise<boolean>;
}

/**
 * The notification centre (docs/product.md §10): each user's notifications in the bell, their channels
 * per kind (in app, mail, push; `notification-centre.ts` delivers, once per user however many instances see an
 * event), and Web Push (docs/product.md §3, §4 and §7): the VAPID key pair and the users' subscriptions.
 *
 * The key pair is made on first start and kept in the database, so every process signs alike. Each subscription
 * carries the language its messages are written in; push services only on public addresses, checked on subscribing,
 * before each message and as it connects (`push-endpoint.ts`); an endpoint changes hands only with its own keys.
 * Senders: ticket answers, closes and reopens to the thread's other people (subscribing to `tickets.changes`);
 * machine transitions to the group's assigned users, throttled per machine and kind; a queued copy's start and end
 * (the print queue's, not throttled: each is a run of its own) to them and the business's managers, in place of
 * the machine's job finished or cancelled; service sessions
 * (`service-notices.ts`, push and mail), consent changes mailed to the business's managers (`consent-notices.ts`),
 * maintenance reminders (`maintenance-notices.ts`, push and mail). Sending is fire and forget through `web-push`, a
 * few at a time, and drops subscriptions the push service calls gone.
 */
export function createNotificationsModule(
  { db, clock, config }: ModuleDeps,
  {
    machineEvents,
    ticketChanges,
    serviceSessionChanges,
    consentChanges,
    mailer,
    snapshot,
    endsQueueRun,
  }: NotificationsModuleDeps,
) {
  const repository = new NotificationsRepository(db);
  const endpoints = new PushEndpointPolicy(config.push?.privateHosts, config.push?.resolve);
  const service = new NotificationsService(repository, clock, endpoints);
  const extraCa = config.push?.extraCa;
  const sender = new PushSender({
    keys: () => service.keys(),
    subject: config.push?.subject ?? DEFAULT_SUBJECT,
    forget: (endpoint) => repository.deleteEndpoint(endpoint),
    ...SEND,
    endpoints,
    // Every connection goes to an address the policy checked as it connects (no DNS rebinding in between).
    agent: new Agent({ lookup: endpoints.lookup, ...(extraCa && { ca: [...rootCertificates, extraCa] }) }),
  });
  const centreRepository = new NotificationCentreRepository(db);
  const centre = new NotificationCentreService(centreRepository, clock);
  const notifier = new PushNotifier({
    repository,
    centre: centreRepository,
    sender,
    mailer,
    snapshot,
    clock,
    machineThrottleMs: config.push?.machineThrottleMs ?? MACHINE_THROTTLE_MS,
    endsQueueRun,
    mail: { mailer, publicUrl: config.publicUrl },
  });
  // Fire and forget: the notifier queues the sending.
  ticketChanges.subscribe((event) => notifier.ticketChanged(event));
  serviceSessionChanges.subscribe((change) => notifier.serviceSessionChanged(change));
  consentChanges.subscribe((change) => notifier.consentChanged(change));
  return {
    repository,
    service,
    notifier,
    centre,
    routes: routesOf(notificationsRoutes, { service, notifier, sender, machineEvents, centre }),
  };
}
