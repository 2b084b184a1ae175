import type { Language, PushKind, PushMessage } from '@portal/contract';
import type { OutgoingMail } from '../../shared/mailer.ts';
import type { ServiceSessionChange } from '../service-sessions/service-sessions.module.ts';
import { deliver, type NotificationCentreDeps } from './notification-centre.ts';
import { recipientsOf } from './notifications.policy.ts';
import type { ServiceNoticeRow, ServiceRecipient } from './notifications.repository.ts';

type ServiceKind = Extract<
  PushKind,
  'serviceRequested' | 'serviceAccepted' | 'serviceRejected' | 'serviceEnded'
>;

const KIND_OF: Record<ServiceSessionChange['kind'], ServiceKind> = {
  requested: 'serviceRequested',
  accepted: 'serviceAccepted',
  rejected: 'serviceRejected',
  ended: 'serviceEnded',
};

/** What a notice names: the machine, who asked, why, for how long, and the decision's comment. */
interface NoticeFacts {
  machine: string;
  requester: string;
  reason: string;
  hours: number;
  comment: string | null;
}

/** The notices' texts, per language: the title (also the mail's subject) and the lines of the body. */
const TEXTS: Record<
  Language,
  Record<ServiceKind, { title: string; lines: (facts: NoticeFacts) => string[] }>
> = {
  it: {
    serviceRequested: {
      title: 'Richiesta di assistenza remota',
      lines: (f) => [
        `${f.requester} chiede il controllo remoto di ${f.machine} per ${f.hours} h.`,
        `Motivo: ${f.reason}`,
      ],
    },
    serviceAccepted: {
      title: 'Sessione di assistenza accettata',
      lines: (f) => [
        `Puoi controllare ${f.machine} da remoto per ${f.hours} h.`,
        ...(f.comment ? [`Commento: ${f.comment}`] : []),
      ],
    },
    serviceRejected: {
      title: 'Sessione di assistenza rifiutata',
      lines: (f) => [
        `La richiesta di controllo remoto di ${f.machine} è stata rifiutata.`,
        ...(f.comment ? [`Commento: ${f.comment}`] : []),
      ],
    },
    serviceEnded: {
      title: 'Sessione di assistenza terminata',
      lines: (f) => [`Il controllo remoto di ${f.machine} è terminato.`],
    },
  },
  en: {
    serviceRequested: {
      title: 'Remote service request',
      lines: (f) => [
        `${f.requester} asks for remote control of ${f.machine} for ${f.hours} h.`,
        `Reason: ${f.reason}`,
      ],
    },
    serviceAccepted: {
      title: 'Service session accepted',
      lines: (f) => [
        `You may control ${f.machine} remotely for ${f.hours} h.`,
        ...(f.comment ? [`Comment: ${f.comment}`] : []),
      ],
    },
    serviceRejected: {
      title: 'Service session rejected',
      lines: (f) => [
        `The request for remote control of ${f.machine} was rejected.`,
        ...(f.comment ? [`Comment: ${f.comment}`] : []),
      ],
    },
    serviceEnded: {
      title: 'Service session ended',
      lines: (f) => [`Remote control of ${f.machine} has ended.`],
    },
  },
};

/** Names where the person or machine is gone. */
const UNKNOWN: Record<Language, { machine: string; person: string }> = {
  it: { machine: 'la macchina', person: 'Un tecnico' },
  en: { machine: 'the machine', person: 'A technician' },
};

function factsIn(row: ServiceNoticeRow, language: Language): NoticeFacts {
  return {
    machine: row.machineName ?? UNKNOWN[language].machine,
    requester: row.requesterName || UNKNOWN[language].person,
    reason: row.reason,
    hours: row.hours,
    comment: row.comment,
  };
}

/** The page a notice opens: the ticket the session was asked from (the home page once it is gone). */
const pageOf = (row: ServiceNoticeRow, language: Language) =>
  row.ticketId === null ? `/${language}` : `/${language}/tickets/${row.ticketId}`;

export function serviceMessage(kind: ServiceKind, row: ServiceNoticeRow, language: Language): PushMessage {
  const text = TEXTS[language][kind];
  return {
    title: text.title,
    body: text.lines(factsIn(row, language)).join('\n'),
    url: pageOf(row, language),
    tag: `service-${row.id}`,
    kind,
    ...(row.ticketId !== null && { ticketId: row.ticketId }),
  };
}

export function serviceMail(
  kind: ServiceKind,
  row: ServiceNoticeRow,
  language: Language,
  { to, name, publicUrl }: { to: string; name: string; publicUrl: string },
): OutgoingMail {
  const text = TEXTS[language][kind];
  const greeting = language === 'it' ? `Ciao ${name},` : `Hello ${name},`;
  const link = new URL(pageOf(row, language), publicUrl).toString();
  return {
    to,
    subject: text.title,
    text: [greeting, '', ...text.lines(factsIn(row, language)), '', link].join('\n'),
  };
}

export interface ServiceNoticesDeps extends NotificationCentreDeps {
  /** The portal's public address, the base of the mails' links. */
  publicUrl: string;
}

/**
 * Tells the people a service session concerns what happened to it, each in their language and on the channels they
 * chose for service sessions (docs/design.md §11): a request its business's managers and the ticket's customer; a
 * decision and an early end whoever asked.
 */
export async function sendServiceNotices(
  deps: ServiceNoticesDeps,
  change: ServiceSessionChange,
): Promise<void> {
  const { repository } = deps;
  const row = await repository.serviceSession(change.sessionId);
  if (!row) return;
  const people: ServiceRecipient[] = await repository.serviceRecipients(
    change.kind === 'requested'
      ? { businessId: row.businessId, ticketAuthorId: row.ticketAuthorId }
      : { userIds: [row.requesterId] },
  );
  const kind = KIND_OF[change.kind];
  await deliver(deps, {
    event: kind,
    key: `${kind}:s${row.id}`,
    recipients: recipientsOf(people, change.actorId),
    ticketId: row.ticketId,
    subject: row.machineName ?? '',
    detail: row.reason,
    push: (language) => serviceMessage(kind, row, language),
    mail: (language, to) =>
      serviceMail(kind, row, language, { to: to.email, name: to.name, publicUrl: deps.publicUrl }),
  });
}
