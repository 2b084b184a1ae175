import { KIND_OF_EVENT, type Language, type NotificationEvent, type PushMessage } from '@portal/contract';
import type { Clock } from '../../shared/clock.ts';
import type { Mailer, OutgoingMail } from '../../shared/mailer.ts';
import type { NotificationCentreRepository } from './notification-centre.repository.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import type { PushSender } from './push-sender.ts';

/** Someone an event concerns, with where their mail goes. */
export interface Recipient {
  id: number;
  email: string;
  name: string;
}

/** A JPEG frame of a machine's camera, or null when it has none or it does not answer. */
export type Snapshot = (controllerId: number) => Promise<Buffer | null>;

/** One event told to the people it concerns, on the channels each chose for its kind. */
export interface Delivery {
  event: NotificationEvent;
  /**
   * Names the event alike on every instance that sees it (e.g. `halted:g3:5912`): with the user, the notification's
   * unique key, so the event is stored, mailed and pushed once per user however many instances see it.
   */
  key: string;
  recipients: readonly Recipient[];
  ticketId?: number | null;
  machineId?: number | null;
  licenceId?: number | null;
  businessId?: number | null;
  /** What identifies the object in the bell: a ticket's title, a machine's name. */
  subject: string;
  detail?: string | null;
  push: (language: Language) => PushMessage;
  mail: (language: Language, to: Recipient) => OutgoingMail;
  /** The machine's controller, whose camera's frame goes with the mail. */
  controllerId?: number | null;
}

export interface NotificationCentreDeps {
  centre: NotificationCentreRepository;
  repository: NotificationsRepository;
  sender: PushSender;
  mailer: Mailer;
  clock: Clock;
  snapshot: Snapshot;
}

/** The portal's language when a user's is not known. */
const DEFAULT_LANGUAGE: Language = 'it';

/**
 * Delivers an event (docs/product.md §10): per recipient, the channels they chose for its kind. Every
 * recipient's row is inserted first with ON CONFLICT DO NOTHING on (user, event key); mail and push go only to the
 * users whose row this instance inserted, so several instances seeing one event deliver it once. A camera that fails
 * or is absent leaves the mail without its picture.
 */
export async function deliver(deps: NotificationCentreDeps, delivery: Delivery): Promise<void> {
  const { centre, repository, sender, mailer, clock } = deps;
  if (delivery.recipients.length === 0) return;
  const kind = KIND_OF_EVENT[delivery.event];
  const choices = await centre.preferencesOf(delivery.recipients.map((person) => person.id));
  const at = clock();
  const won = await centre.claim(
    delivery.recipients.flatMap((person) => {
      const choice = choices.get(person.id)?.preferences[kind];
      if (!choice || (!choice.inApp && !choice.mail && !choice.push)) return [];
      return [
        {
          userId: person.id,
          eventKey: delivery.key,
          event: delivery.event,
          ticketId: delivery.ticketId ?? null,
          machineId: delivery.machineId ?? null,
          licenceId: delivery.licenceId ?? null,
          businessId: delivery.businessId ?? null,
          subject: delivery.subject,
          detail: delivery.detail ?? null,
          shown: choice.inApp,
          createdAt: at,
        },
      ];
    }),
  );
  const winners = delivery.recipients.filter((person) => won.has(person.id));
  const wants = (person: Recipient, channel: 'mail' | 'push') =>
    choices.get(person.id)?.preferences[kind][channel] === true;
  const mailTo = winners.filter((person) => wants(person, 'mail'));
  const pushTo = winners.filter((person) => wants(person, 'push')).map((person) => person.id);
  const [targets, picture] = await Promise.all([
    repository.subscriptionsOf(pushTo),
    mailTo.length > 0 && delivery.controllerId != null
      ? deps.snapshot(delivery.controllerId).catch(() => null)
      : null,
  ]);
  await Promise.all([
    ...targets.map((target) => sender.send(target, delivery.push(target.language))),
    ...mailTo.map((person) => {
      const mail = delivery.mail(choices.get(person.id)?.language ?? DEFAULT_LANGUAGE, person);
      return mailer.send(picture ? withPicture(mail, picture) : mail);
    }),
  ]);
}

/** The camera's frame inlined under the mail's text, and attached for mail programs that show no HTML. */
export function withPicture(mail: OutgoingMail, jpeg: Buffer): OutgoingMail {
  const cid = 'webcam-snapshot@portal';
  const escaped = mail.text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    ...mail,
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escaped}</pre><p><img src="cid:${cid}" alt="webcam" style="max-width:100%"></p>`,
    attachments: [{ filename: 'webcam.jpg', content: jpeg, contentType: 'image/jpeg', cid }],
  };
}
