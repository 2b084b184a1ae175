import type { ServiceSessionQuery } from '@portal/contract';

/**
 * Query keys of the service sessions (docs/design.md §11), all under one prefix: every change (a request, a
 * decision, an end) invalidates the prefix, so the ticket's card, its session log, the machine page's "remote
 * control now" and the shell's notice of requests awaiting a decision all read the new state.
 */
export const serviceSessionsKey = ['service-sessions'] as const;
export const serviceSessionListKey = (query: ServiceSessionQuery) =>
  [...serviceSessionsKey, 'list', query] as const;
/** A ticket's session log: the activity record's entries for that ticket. */
export const sessionLogKey = (ticket: number) => [...serviceSessionsKey, 'log', ticket] as const;
/** Whether a business requires consent; a change of it touches no session, so it has a prefix of its own. */
export const serviceConsentKey = (business: number) => ['service-consent', business] as const;

/** A ticket's sessions and log are read again this often, so a decision taken in another browser shows here. */
export const TICKET_SESSIONS_REFRESH_MS = 5000;
/** The shell's notice of requests awaiting a decision, and the machine page's "remote control now". */
export const AWAITING_REFRESH_MS = 30_000;
