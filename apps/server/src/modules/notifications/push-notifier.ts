import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../shared/clock.ts';
import type { Mailer } from '../../shared/mailer.ts';
import type { MachineEvent, MachineTransition } from '../live-status/machine-events.ts';
import type { MaintenanceReminder } from '../maintenance/maintenance.module.ts';
import type { QueueRunEvent } from '../print-queue/print-queue.module.ts';
import type { ConsentChange, ServiceSessionChange } from '../service-sessions/service-sessions.module.ts';
import { sendConsentNotices } from './consent-notices.ts';
import { EventThrottle } from './event-throttle.ts';
import { sendLicenceNotices } from './licence-notices.ts';
import { sendReminderNotices } from './maintenance-notices.ts';
import { deliver, type NotificationCentreDeps, type Recipient } from './notification-centre.ts';
import { recipientsOf } from './notifications.policy.ts';
import {
  type MachineFacts,
  machineMessage,
  messageMail,
  type TicketFacts,
  ticketMessage,
} from './push-messages.ts';
import { sendServiceNotices } from './service-notices.ts';

/** The notification centre's event for each of a queued copy's events. */
const QUEUE_RUN_KINDS = {
  started: 'queueJobStarted',
  finished: 'queueJobFinished',
  failed: 'queueJobFailed',
} as const satisfies Record<QueueRunEvent['event'], MachineFacts['kind']>;

/** A ticket event the tickets module reports: a new ticket, an answer, a close or reopen, and who did it. */
export interface TicketEvent {
  ticketId: number;
  actorId: number;
  kind: TicketFacts['kind'];
}

export interface PushNotifierDeps extends NotificationCentreDeps {
  /** At most one notification per machine and kind in this window. */
  machineThrottleMs: number;
  /** Whether a machine's job finished or cancelled is a queued copy's, which the queue tells as its own. */
  endsQueueRun(transition: MachineTransition): Promise<boolean>;
  /** Where consent mails go, and the base of every mail's links. */
  mail: { mailer: Mailer; publicUrl: string };
  clock: Clock;
}

/**
 * Turns ticket, machine, service-session and maintenance events into notifications for the people they concern,
 * delivered by the notification centre (`notification-centre.ts`) on each person's channels. Every entry point
 * returns at once: the work runs afterwards, so a notification never delays nor fails the request or the monitor
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

  /** A new ticket (the staff who handle it), an answer, close or reopen (the thread's other people). */
  ticketChanged(event: TicketEvent): void {
    this.#track(() => this.#notifyTicket(event));
  }

  /**
   * A machine transition (job finished or cancelled, halted, board or gateway offline and back), throttled per
   * machine and kind here, and keyed by the throttle's window in the database, so the instances of a deployment
   * that all see it tell it once. A queued copy's end is the queue's to tell (`queueRun`): not told here, and not
   * counted in the throttle.
   */
  machineEvent(event: MachineEvent): void {
    if (event.type === 'status' || event.type === 'queue') return;
    const group = event.machineGroupId;
    if (group === null) return;
    if (event.type === 'jobFinished' || event.type === 'jobFailed') {
      this.#track(async () => {
        // A look-up that fails leaves it the machine's to tell.
        const queued = await this.#deps.endsQueueRun(event).catch(() => false);
        if (!queued) this.#machineTransition(event, group);
      });
    } else this.#machineTransition(event, group);
  }

  /**
   * A queued copy started, finished or failed (docs/design.md §14): each run's own event, keyed by the run, so it
   * is told once however many instances see it and never throttled with another run's; to the machine group's
   * people and its business's managers, but for whoever started it by hand.
   */
  queueRun(event: QueueRunEvent): void {
    const facts = {
      kind: QUEUE_RUN_KINDS[event.event],
      machineId: event.machineGroupId,
      fileName: event.fileName,
      runId: event.runId,
    };
    this.#track(async () => {
      const people = recipientsOf(
        await this.#deps.repository.queuePeople(event.machineGroupId),
        event.actorId,
      );
      await this.#notifyMachine(facts, `${facts.kind}:r${event.runId}`, event.controllerId, people);
    });
  }

  /** A service session requested, decided or ended early: the people it concerns. */
  serviceSessionChanged(change: ServiceSessionChange): void {
    this.#track(() => sendServiceNotices(this.#centre(), change));
  }

  /** A business's consent setting changed: a mail to each of its managers. */
  consentChanged(change: ConsentChange): void {
    const { repository, mail } = this.#deps;
    this.#track(() => sendConsentNotices({ repository, ...mail }, change));
  }

  /** A maintenance task due soon or overdue on a machine group: the people who service it. */
  maintenanceDue(reminder: MaintenanceReminder): void {
    this.#track(() => sendReminderNotices(this.#centre(), reminder));
  }

  /** Licences ending within the warning days: their business's managers and the operator's administrators. */
  async licencesExpiring(): Promise<void> {
    await sendLicenceNotices(this.#centre());
  }

  /** Resolves once every notification started so far has been sent or given up. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
  }

  #centre() {
    return { ...this.#deps, publicUrl: this.#deps.mail.publicUrl };
  }

  #track(work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => this.#log?.warn({ err: error }, 'notification not sent'))
      .finally(() => this.#pending.delete(running));
    this.#pending.add(running);
  }

  async #notifyTicket({ ticketId, actorId, kind }: TicketEvent): Promise<void> {
    const { repository, clock } = this.#deps;
    const title = await repository.ticketTitle(ticketId);
    if (title === undefined) return;
    const candidates =
      kind === 'ticketCreated' ? await repository.ticketStaff() : await repository.threadPeople(ticketId);
    const seeing = [];
    for (const person of recipientsOf(candidates, actorId)) {
      if (await repository.seesTicket(ticketId, person)) seeing.push(person);
    }
    const facts: TicketFacts = { kind, ticketId, title };
    const publicUrl = this.#deps.mail.publicUrl;
    await deliver(this.#deps, {
      event: kind,
      // A ticket's events happen on the instance that stored them, once each.
      key: `${kind}:t${ticketId}:a${actorId}:${clock().toISOString()}`,
      recipients: seeing,
      ticketId,
      subject: title,
      push: (language) => ticketMessage(facts, language),
      mail: (language, to) =>
        messageMail(ticketMessage(facts, language), language, { to: to.email, name: to.name, publicUrl }),
    });
  }

  #machineTransition(event: MachineTransition, machineGroupId: number): void {
    const { type, fileName, controllerId } = event;
    if (!this.#throttle.admit(`${machineGroupId}:${type}`)) {
      this.#log?.debug({ machineGroupId, type }, 'machine notification throttled');
      return;
    }
    const window = Math.floor(Date.parse(event.at) / this.#deps.machineThrottleMs);
    const key = `${type}:g${machineGroupId}:${Number.isNaN(window) ? event.at : window}`;
    this.#track(async () => {
      const people = recipientsOf(await this.#deps.repository.groupPeople(machineGroupId), null);
      await this.#notifyMachine(
        { kind: type, machineId: machineGroupId, fileName },
        key,
        controllerId,
        people,
      );
    });
  }

  async #notifyMachine(
    facts: Omit<MachineFacts, 'name'>,
    key: string,
    controllerId: number,
    people: readonly Recipient[],
  ): Promise<void> {
    const name = await this.#deps.repository.machineName(facts.machineId);
    if (name === undefined) return;
    const publicUrl = this.#deps.mail.publicUrl;
    const message = (language: 'it' | 'en') => machineMessage({ ...facts, name }, language);
    await deliver(this.#deps, {
      event: facts.kind,
      key,
      recipients: people,
      machineId: facts.machineId,
      subject: name,
      detail: facts.fileName,
      controllerId,
      push: message,
      mail: (language, to) =>
        messageMail(message(language), language, { to: to.email, name: to.name, publicUrl }),
    });
  }
}
