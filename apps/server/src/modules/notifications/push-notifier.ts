import type { Language, PushMessage } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../shared/clock.ts';
import type { MachineEvent } from '../live-status/machine-events.ts';
import type { MaintenanceReminder } from '../maintenance/maintenance.module.ts';
import type { ConsentChange, ServiceSessionChange } from '../service-sessions/service-sessions.module.ts';
import { sendConsentNotices } from './consent-notices.ts';
import { EventThrottle } from './event-throttle.ts';
import { sendReminderNotices } from './maintenance-notices.ts';
import { recipientsOf } from './notifications.policy.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { type MachineFacts, machineMessage, type TicketFacts, ticketMessage } from './push-messages.ts';
import type { PushSender } from './push-sender.ts';
import { type ServiceNoticesDeps, sendServiceNotices } from './service-notices.ts';

/** A ticket event the tickets module reports: an answer, or a close or reopen, and who did it. */
export interface TicketEvent {
  ticketId: number;
  actorId: number;
  kind: TicketFacts['kind'];
}

export interface PushNotifierDeps {
  repository: NotificationsRepository;
  sender: PushSender;
  clock: Clock;
  /** At most one notification per machine and kind in this window. */
  machineThrottleMs: number;
  /** Where service sessions' and maintenance reminders' mails go, and the base of their links. */
  mail: Pick<ServiceNoticesDeps, 'mailer' | 'publicUrl'>;
}

/**
 * Turns ticket and machine events into push messages for the people they concern. Every entry point returns
 * at once: the work runs afterwards, so a notification never delays nor fails the request or the monitor
 * that caused it; `idle()` tells when everything started so far is done.
 */
export class PushNotifier {
  readonly #deps: PushNotifierDeps;
  readonly #throttle: EventThrottle;
  readonly #pending = new Set<Promise<void>>();
  #log: FastifyBaseLogger | undefined;

  constructor(deps: PushNotifierDeps) {
    this.#deps = deps;
    this.#throttle = new EventThrottle(deps.clock, deps.machineThrottleMs);
  }

  useLog(log: FastifyBaseLogger): void {
    this.#log = log;
  }

  /** An answer, close or reopen: the other people of the thread who want ticket notifications. */
  ticketChanged(event: TicketEvent): void {
    this.#track(() => this.#notifyTicket(event));
  }

  /** A machine transition (job finished, halted, board or gateway offline), throttled per machine and kind. */
  machineEvent(event: MachineEvent): void {
    if (event.type === 'status' || event.machineGroupId === null) return;
    const { machineGroupId, type, fileName } = event;
    if (!this.#throttle.admit(`${machineGroupId}:${type}`)) {
      this.#log?.debug({ machineGroupId, type }, 'machine notification throttled');
      return;
    }
    this.#track(() => this.#notifyMachine({ kind: type, machineId: machineGroupId, fileName }));
  }

  /** A service session requested, decided or ended early: push and mail to the people it concerns. */
  serviceSessionChanged(change: ServiceSessionChange): void {
    const { repository, sender, mail } = this.#deps;
    this.#track(() => sendServiceNotices({ repository, sender, ...mail }, change));
  }

  /** A business's consent setting changed: a mail to each of its managers. */
  consentChanged(change: ConsentChange): void {
    const { repository, mail } = this.#deps;
    this.#track(() => sendConsentNotices({ repository, ...mail }, change));
  }

  /** A maintenance task due soon or overdue on a machine group: push and mail to the people who service it. */
  maintenanceDue(reminder: MaintenanceReminder): void {
    const { repository, sender, mail } = this.#deps;
    this.#track(() => sendReminderNotices({ repository, sender, ...mail }, reminder));
  }

  /** Resolves once every notification started so far has been sent or given up. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  #track(work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => this.#log?.warn({ err: error }, 'notification not sent'))
      .finally(() => this.#pending.delete(running));
    this.#pending.add(running);
  }

  async #notifyTicket({ ticketId, actorId, kind }: TicketEvent): Promise<void> {
    const { repository } = this.#deps;
    const title = await repository.ticketTitle(ticketId);
    if (title === undefined) return;
    const people = recipientsOf(await repository.threadPeople(ticketId), actorId);
    const seeing = [];
    for (const person of people) {
      if (await repository.seesTicket(ticketId, person)) seeing.push(person.id);
    }
    const facts: TicketFacts = { kind, ticketId, title };
    await this.#sendAll(seeing, (language) => ticketMessage(facts, language));
  }

  async #notifyMachine(facts: Omit<MachineFacts, 'name'>): Promise<void> {
    const { repository } = this.#deps;
    const name = await repository.machineName(facts.machineId);
    if (name === undefined) return;
    const people = recipientsOf(await repository.groupPeople(facts.machineId), null);
    await this.#sendAll(
      people.map((person) => person.id),
      (language) => machineMessage({ ...facts, name }, language),
    );
  }

  async #sendAll(userIds: number[], messageIn: (language: Language) => PushMessage): Promise<void> {
    const targets = await this.#deps.repository.subscriptionsOf(userIds);
    await Promise.all(targets.map((target) => this.#deps.sender.send(target, messageIn(target.language))));
  }
}
