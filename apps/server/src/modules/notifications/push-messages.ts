import type { Language, PushKind, PushMessage } from '@portal/contract';

/** What a ticket notification tells: which ticket, and its title. */
export interface TicketFacts {
  kind: Extract<PushKind, 'ticketCreated' | 'ticketAnswered' | 'ticketClosed' | 'ticketReopened'>;
  ticketId: number;
  title: string;
}

/**
 * What a machine notification tells: which machine group, its name, and the job's file (started or ended); a queued
 * copy's, its run.
 */
export interface MachineFacts {
  kind: Extract<
    PushKind,
    | 'queueJobStarted'
    | 'queueJobFinished'
    | 'queueJobFailed'
    | 'jobFinished'
    | 'jobFailed'
    | 'halted'
    | 'boardOffline'
    | 'boardOnline'
    | 'gatewayOffline'
    | 'gatewayOnline'
  >;
  machineId: number;
  name: string;
  fileName: string | null;
  runId?: number;
}

/**
 * The notification texts, per language. Users have no stored language: each subscription keeps the language
 * of the page that subscribed, so a browser reads its notifications in the language it uses the portal in.
 */
const TEXTS = {
  it: {
    ticketCreated: (id: number) => `Nuovo ticket #${id}`,
    ticketAnswered: (id: number) => `Nuova risposta al ticket #${id}`,
    ticketClosed: (id: number) => `Ticket #${id} chiuso`,
    ticketReopened: (id: number) => `Ticket #${id} riaperto`,
    queueJobStarted: 'Lavoro in coda avviato',
    queueJobFinished: 'Lavoro in coda terminato',
    queueJobFailed: 'Lavoro in coda non riuscito',
    jobFinished: 'Lavorazione terminata',
    jobFailed: 'Lavorazione annullata',
    halted: 'Macchina arrestata',
    boardOffline: 'Scheda non raggiungibile',
    boardOnline: 'Scheda di nuovo raggiungibile',
    gatewayOffline: 'Gateway non raggiungibile',
    gatewayOnline: 'Gateway di nuovo raggiungibile',
  },
  en: {
    ticketCreated: (id: number) => `New ticket #${id}`,
    ticketAnswered: (id: number) => `New answer to ticket #${id}`,
    ticketClosed: (id: number) => `Ticket #${id} closed`,
    ticketReopened: (id: number) => `Ticket #${id} reopened`,
    queueJobStarted: 'Queued job started',
    queueJobFinished: 'Queued job finished',
    queueJobFailed: 'Queued job failed',
    jobFinished: 'Job finished',
    jobFailed: 'Job cancelled',
    halted: 'Machine halted',
    boardOffline: 'Board offline',
    boardOnline: 'Board back online',
    gatewayOffline: 'Gateway offline',
    gatewayOnline: 'Gateway back online',
  },
} as const satisfies Record<Language, Record<TicketFacts['kind'] | MachineFacts['kind'], unknown>>;

/** A ticket's notification: the event in the title, the ticket's title in the body, its page on a click. */
export function ticketMessage(facts: TicketFacts, language: Language): PushMessage {
  return {
    title: TEXTS[language][facts.kind](facts.ticketId),
    body: facts.title,
    url: `/${language}/tickets/${facts.ticketId}`,
    tag: `ticket-${facts.ticketId}`,
    kind: facts.kind,
    ticketId: facts.ticketId,
  };
}

/**
 * A machine's notification: its name in the title, the event (and finished file) in the body. One replaces the last
 * of its machine and kind on a device, a queued copy's the last of its run (its start by its end).
 */
export function machineMessage(facts: MachineFacts, language: Language): PushMessage {
  const event = TEXTS[language][facts.kind];
  return {
    title: facts.name,
    body: facts.fileName ? `${event}: ${facts.fileName}` : event,
    url: `/${language}/machines/${facts.machineId}`,
    tag: facts.runId === undefined ? `machine-${facts.machineId}-${facts.kind}` : `queue-run-${facts.runId}`,
    kind: facts.kind,
    machineId: facts.machineId,
  };
}

/** Where an event's mail links to, and whom it greets. */
export interface MailAddress {
  to: string;
  name: string;
  publicUrl: string;
}

const GREETING: Record<Language, (name: string) => string> = {
  it: (name) => `Ciao ${name},`,
  en: (name) => `Hello ${name},`,
};

/** A push message written as a mail: its title the subject, its body and page's link the text. */
export function messageMail(message: PushMessage, language: Language, { to, name, publicUrl }: MailAddress) {
  const link = new URL(message.url, publicUrl).toString();
  return {
    to,
    subject:
      message.title === message.body ? message.title : `${message.title}: ${message.body.split('\n')[0]}`,
    text: [GREETING[language](name), '', message.title, message.body, '', link].join('\n'),
  };
}
