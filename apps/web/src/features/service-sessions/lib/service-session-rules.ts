import {
  type Actor,
  can,
  canIn,
  isOpenServiceSession,
  Role,
  type ServicePerson,
  type ServiceSession,
  type ServiceSessionState,
} from '@portal/contract';

/** The durations the request form offers, in hours: 1, 2, 4 and 8 hours, 1, 3 and 7 days. */
export const SERVICE_SESSION_DURATIONS = [1, 2, 4, 8, 24, 72, 168] as const satisfies readonly number[];

/** How a duration reads: whole days from a day on, hours below. */
export function durationParts(hours: number): { unit: 'hours' | 'days'; count: number } {
  return hours >= 24 && hours % 24 === 0
    ? { unit: 'days', count: hours / 24 }
    : { unit: 'hours', count: hours };
}

/**
 * A session's state at `now` (ms): the server's answer, except that an active session whose end has passed
 * reads as expired at once, before the next answer says so.
 */
export function liveState(
  session: Pick<ServiceSession, 'state' | 'endsAt'>,
  now: number,
): ServiceSessionState {
  if (session.state !== 'active') return session.state;
  return session.endsAt !== null && now >= Date.parse(session.endsAt) ? 'expired' : 'active';
}

/**
 * What is left of an active session: whole days and the rest as hh:mm:ss (zero once it has ended). Elapsed time,
 * not calendar time: a session of a day lasts 24 hours across a daylight saving change too, so this counts
 * seconds rather than asking the date library for a calendar interval.
 */
export function countdownParts(endsAt: number, now: number): { days: number; clock: string } {
  // Whole seconds left, rounded up, so the clock reads 00:00:00 only once the session has ended.
  const total = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const two = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600) % 24;
  const clock = `${two(hours)}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
  return { days: Math.floor(total / 86_400), clock };
}

/** The person acting, as the session's rules need them. */
export interface SessionViewer extends Actor {
  id: number;
}

/**
 * Whether `viewer` may accept or reject a requested session: the business's managers, and the customer whose
 * ticket it was asked from (docs/design.md §11).
 */
export function mayDecide(
  viewer: SessionViewer,
  session: Pick<ServiceSession, 'business'>,
  ticketAuthor: number | null,
): boolean {
  if (!canIn(viewer, 'decideServiceSession', session.business)) return false;
  return viewer.role !== Role.Customer || ticketAuthor === viewer.id;
}

/** Whether `viewer` asked for the session. */
export const isRequester = (viewer: SessionViewer, session: Pick<ServiceSession, 'requester'>): boolean =>
  session.requester !== null && session.requester.id === viewer.id;

/**
 * What the ticket offers `viewer` about asking for a session: the form, for staff who need one (the roles that
 * may ask, on a ticket with a machine, while no session of theirs is open and nobody's is active); the note that
 * theirs is waiting; or nothing.
 */
export function sessionRequestOffer(
  viewer: SessionViewer,
  hasMachine: boolean,
  sessions: readonly Pick<ServiceSession, 'state' | 'requester'>[],
): 'form' | 'pending' | 'none' {
  if (!hasMachine || !can(viewer.role, 'requestServiceSession')) return 'none';
  if (sessions.some((session) => isRequester(viewer, session) && isOpenServiceSession(session.state))) {
    return 'pending';
  }
  return sessions.some((session) => session.state === 'active') ? 'none' : 'form';
}

/**
 * Whether the ticket shows its remote service at all: when it has sessions (to follow, accept or end them), or
 * when `viewer` is staff who may ask for one on the ticket's machine; everyone else never needs it.
 */
export const showsRemoteService = (
  viewer: SessionViewer,
  hasMachine: boolean,
  sessions: readonly unknown[],
): boolean => sessions.length > 0 || (hasMachine && can(viewer.role, 'requestServiceSession'));

/** Whether `viewer` may end an active session early: anyone of its business, and whoever asked for it. */
export const mayEnd = (
  viewer: SessionViewer,
  session: Pick<ServiceSession, 'business' | 'requester'>,
): boolean => isRequester(viewer, session) || canIn(viewer, 'endServiceSession', session.business);

/** "Name Surname" of a person named on a session, or null once the user is gone. */
export const personName = (person: ServicePerson | null): string | null =>
  person === null ? null : `${person.name} ${person.surname}`.trim();

/**
 * The viewer's own session on a machine that is active at `now`, the one their open control panel runs under;
 * undefined when they have none.
 */
export const ownActiveSession = (
  sessions: readonly ServiceSession[],
  viewer: SessionViewer,
  now: number,
): ServiceSession | undefined =>
  sessions.find((session) => isRequester(viewer, session) && liveState(session, now) === 'active');

/**
 * The session a control panel ran under, once it is over at `now` (ended early, or past its time), with the state
 * it ended in; undefined while it is still active, or when the page watched none.
 */
export function endedWatchedSession(
  sessions: readonly ServiceSession[],
  watched: number | null,
  now: number,
): { session: ServiceSession; state: ServiceSessionState } | undefined {
  if (watched === null) return undefined;
  const session = sessions.find((candidate) => candidate.id === watched);
  if (!session) return undefined;
  const state = liveState(session, now);
  return state === 'active' ? undefined : { session, state };
}
