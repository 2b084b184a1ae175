import {
  INTERVAL_FIELDS,
  type Language,
  type MaintenanceCriterion,
  type PushMessage,
} from '@portal/contract';
import type { OutgoingMail } from '../../shared/mailer.ts';
import type { MaintenanceReminder } from '../maintenance/maintenance.module.ts';
import { deliver, type NotificationCentreDeps } from './notification-centre.ts';
import { recipientsOf } from './notifications.policy.ts';

/** The reminders' texts, per language: the title (also the mail's subject) and why the task is due. */
const TEXTS: Record<
  Language,
  {
    title: Record<MaintenanceReminder['state'], (machine: string) => string>;
    reason: Record<MaintenanceCriterion, (counter: string, interval: string) => string>;
    greeting: (name: string) => string;
    open: string;
  }
> = {
  it: {
    title: {
      dueSoon: (machine) => `Manutenzione in scadenza: ${machine}`,
      overdue: (machine) => `Manutenzione scaduta: ${machine}`,
    },
    reason: {
      hours: (counter, interval) => `${counter} ore di stampa su ${interval}`,
      jobs: (counter, interval) => `${counter} lavori su ${interval}`,
      metres: (counter, interval) => `${counter} m di filamento su ${interval}`,
      days: (counter, interval) => `${counter} giorni su ${interval}`,
    },
    greeting: (name) => `Ciao ${name},`,
    open: 'Apri la macchina:',
  },
  en: {
    title: {
      dueSoon: (machine) => `Maintenance due soon: ${machine}`,
      overdue: (machine) => `Maintenance overdue: ${machine}`,
    },
    reason: {
      hours: (counter, interval) => `${counter} printing hours of ${interval}`,
      jobs: (counter, interval) => `${counter} jobs of ${interval}`,
      metres: (counter, interval) => `${counter} m of filament of ${interval}`,
      days: (counter, interval) => `${counter} days of ${interval}`,
    },
    greeting: (name) => `Hello ${name},`,
    open: 'Open the machine:',
  },
};

/** The task, and why it is due: its nearest criterion's counter against the interval in force. */
function lines(reminder: MaintenanceReminder, language: Language): string[] {
  const { nearest } = reminder;
  const interval = nearest === null ? null : reminder.intervals[INTERVAL_FIELDS[nearest]];
  if (nearest === null || interval === null) return [reminder.taskName];
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const reason = TEXTS[language].reason[nearest](
    number.format(reminder.counters[nearest]),
    number.format(interval),
  );
  return [`${reminder.taskName}: ${reason}`];
}

/** The machine's page, which a reminder opens. */
const pageOf = (reminder: MaintenanceReminder, language: Language) =>
  `/${language}/machines/${reminder.machineGroupId}`;

export function reminderMessage(reminder: MaintenanceReminder, language: Language): PushMessage {
  return {
    title: TEXTS[language].title[reminder.state](reminder.machineName),
    body: lines(reminder, language).join('\n'),
    url: pageOf(reminder, language),
    tag: `maintenance-${reminder.machineGroupId}-${reminder.taskId}`,
    kind: 'maintenanceDue',
    machineId: reminder.machineGroupId,
  };
}

export function reminderMail(
  reminder: MaintenanceReminder,
  language: Language,
  { to, name, publicUrl }: { to: string; name: string; publicUrl: string },
): OutgoingMail {
  const text = TEXTS[language];
  const link = new URL(pageOf(reminder, language), publicUrl).toString();
  return {
    to,
    subject: text.title[reminder.state](reminder.machineName),
    text: [text.greeting(name), '', ...lines(reminder, language), '', text.open, link].join('\n'),
  };
}

export interface ReminderNoticesDeps extends NotificationCentreDeps {
  /** The portal's public address, the base of the mails' links. */
  publicUrl: string;
}

/**
 * Tells a task's reminder (docs/design.md §12), each in the recipient's language and on the channels they chose for
 * maintenance: to the machine group's assigned users and to the operator's technicians. The reminders module claims
 * each reminder once per cycle; the key (task, state, day) keeps a repeated one from reaching anyone twice a day.
 */
export async function sendReminderNotices(
  deps: ReminderNoticesDeps,
  reminder: MaintenanceReminder,
): Promise<void> {
  const { repository, clock } = deps;
  const recipients = recipientsOf(await repository.reminderRecipients(reminder.machineGroupId), null);
  const day = clock().toISOString().slice(0, 10);
  await deliver(deps, {
    event: 'maintenanceDue',
    key: `maintenanceDue:g${reminder.machineGroupId}:k${reminder.taskId}:${reminder.state}:${day}`,
    recipients,
    machineId: reminder.machineGroupId,
    subject: reminder.machineName,
    detail: reminder.taskName,
    controllerId: await repository.controllerOf(reminder.machineGroupId),
    push: (language) => reminderMessage(reminder, language),
    mail: (language, to) =>
      reminderMail(reminder, language, { to: to.email, name: to.name, publicUrl: deps.publicUrl }),
  });
}
