import { Role, SERVICE_SESSION_HOURS, type ServiceSession } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  countdownParts,
  durationParts,
  endedWatchedSession,
  isRequester,
  liveState,
  mayDecide,
  mayEnd,
  ownActiveSession,
  personName,
  SERVICE_SESSION_DURATIONS,
  sessionRequestOffer,
  showsRemoteService,
} from './service-session-rules';

const person = (id: number) => ({ id, name: 'N', surname: 'S' });

describe('the durations a request offers', () => {
  it('are 1, 2, 4, 8 hours and 1, 3, 7 days, all within the contract range, shortest first', () => {
    expect(SERVICE_SESSION_DURATIONS).toEqual([1, 2, 4, 8, 24, 72, 168]);
    for (const hours of SERVICE_SESSION_DURATIONS) {
      expect(hours).toBeGreaterThanOrEqual(SERVICE_SESSION_HOURS.min);
      expect(hours).toBeLessThanOrEqual(SERVICE_SESSION_HOURS.max);
    }
  });

  it('read in hours below a day and in whole days from a day on', () => {
    expect(SERVICE_SESSION_DURATIONS.map(durationParts)).toEqual([
      { unit: 'hours', count: 1 },
      { unit: 'hours', count: 2 },
      { unit: 'hours', count: 4 },
      { unit: 'hours', count: 8 },
      { unit: 'days', count: 1 },
      { unit: 'days', count: 3 },
      { unit: 'days', count: 7 },
    ]);
    // A duration the form does not offer (another client's) still reads right.
    expect(durationParts(30)).toEqual({ unit: 'hours', count: 30 });
  });
});

describe("an active session's countdown", () => {
  const now = Date.parse('2026-03-28T12:00:00Z');

  it('shows days apart and the rest as hh:mm:ss', () => {
    expect(countdownParts(now + 3_600_000, now)).toEqual({ days: 0, clock: '01:00:00' });
    expect(countdownParts(now + 59_000, now)).toEqual({ days: 0, clock: '00:00:59' });
    const week = 7 * 24 * 3_600_000;
    expect(countdownParts(now + week, now)).toEqual({ days: 7, clock: '00:00:00' });
    expect(countdownParts(now + week - 1000, now)).toEqual({ days: 6, clock: '23:59:59' });
    expect(countdownParts(now + 26 * 3_600_000 + 61_000, now)).toEqual({ days: 1, clock: '02:01:01' });
  });

  it('rounds a part second up, and stops at zero once the end has passed', () => {
    expect(countdownParts(now + 400, now)).toEqual({ days: 0, clock: '00:00:01' });
    expect(countdownParts(now, now)).toEqual({ days: 0, clock: '00:00:00' });
    expect(countdownParts(now - 5000, now)).toEqual({ days: 0, clock: '00:00:00' });
  });

  it('holds across a daylight saving change (a day is 24 hours of the session, not a calendar day)', () => {
    // Europe changes on the last Sunday of March; the count is of elapsed time in any time zone.
    const start = Date.parse('2026-03-28T23:30:00Z');
    expect(countdownParts(start + 48 * 3_600_000, start).days).toBe(2);
  });
});

describe("a session's state as the page shows it", () => {
  const now = Date.parse('2026-03-28T12:00:00Z');

  it('flips an active session to expired when its end is reached, and leaves the others alone', () => {
    expect(liveState({ state: 'active', endsAt: '2026-03-28T12:00:01.000Z' }, now)).toBe('active');
    expect(liveState({ state: 'active', endsAt: '2026-03-28T12:00:00.000Z' }, now)).toBe('expired');
    expect(liveState({ state: 'requested', endsAt: null }, now)).toBe('requested');
    expect(liveState({ state: 'ended', endsAt: '2026-03-28T11:00:00.000Z' }, now)).toBe('ended');
  });
});

describe('who may do what with a session', () => {
  const session = { business: 5, requester: person(9) };
  const manager = { id: 2, role: Role.Manager, business: 5 };
  const otherManager = { id: 3, role: Role.Manager, business: 6 };
  const customer = { id: 4, role: Role.Customer, business: 5 };
  const technician = { id: 9, role: Role.Technician, business: 1 };
  const administrator = { id: 1, role: Role.Administrator, business: 1 };

  it("lets the business's managers and the ticket's customer decide, and no one else", () => {
    expect(mayDecide(manager, session, 4)).toBe(true);
    expect(mayDecide(customer, session, 4)).toBe(true);
    expect(mayDecide(customer, session, 7)).toBe(false);
    expect(mayDecide(otherManager, session, 4)).toBe(false);
    expect(mayDecide(technician, session, 4)).toBe(false);
    expect(mayDecide(administrator, session, 4)).toBe(false);
  });

  it('lets anyone of the business and the requester end it', () => {
    expect(mayEnd(manager, session)).toBe(true);
    expect(mayEnd(customer, session)).toBe(true);
    expect(mayEnd(technician, session)).toBe(true);
    expect(mayEnd(administrator, session)).toBe(false);
    expect(mayEnd(otherManager, session)).toBe(false);
    expect(isRequester(technician, session)).toBe(true);
    expect(isRequester(technician, { requester: null })).toBe(false);
  });
});

describe('a person named on a session', () => {
  it('reads as name and surname, or null once the user is gone', () => {
    expect(personName({ id: 1, name: 'Mario', surname: 'Rossi' })).toBe('Mario Rossi');
    expect(personName({ id: 1, name: 'Mario', surname: '' })).toBe('Mario');
    expect(personName(null)).toBeNull();
  });
});

describe('the session request a ticket offers', () => {
  const technician = { id: 5, role: Role.Technician, business: 1 };
  const administrator = { id: 1, role: Role.Administrator, business: 1 };
  const manager = { id: 6, role: Role.Manager, business: 2 };
  const customer = { id: 7, role: Role.Customer, business: 2 };
  const session = (state: 'requested' | 'active' | 'ended', requester: number) => ({
    state,
    requester: person(requester),
  });

  it('offers the form to technicians and administrators on a ticket with a machine and no session open', () => {
    expect(sessionRequestOffer(technician, true, [])).toBe('form');
    expect(sessionRequestOffer(administrator, true, [session('ended', 1)])).toBe('form');
    expect(sessionRequestOffer(technician, false, [])).toBe('none');
  });

  it('never offers it to managers and customers, who decide rather than ask', () => {
    expect(sessionRequestOffer(manager, true, [])).toBe('none');
    expect(sessionRequestOffer(customer, true, [])).toBe('none');
  });

  it("says the viewer's own request is waiting, and offers nothing while anyone's session is active", () => {
    expect(sessionRequestOffer(technician, true, [session('requested', 5)])).toBe('pending');
    expect(sessionRequestOffer(technician, true, [session('active', 5)])).toBe('pending');
    expect(sessionRequestOffer(technician, true, [session('active', 1)])).toBe('none');
    expect(sessionRequestOffer(technician, true, [session('requested', 1)])).toBe('form');
  });

  it('shows the remote service to those who may ask, and to everyone once the ticket has sessions', () => {
    expect(showsRemoteService(technician, true, [])).toBe(true);
    expect(showsRemoteService(technician, false, [])).toBe(false);
    expect(showsRemoteService(customer, true, [])).toBe(false);
    expect(showsRemoteService(manager, true, [])).toBe(false);
    expect(showsRemoteService(customer, true, [session('requested', 5)])).toBe(true);
  });
});

describe('the session an open control panel ran under', () => {
  const viewer = { id: 7, role: Role.Technician, business: 1 };
  const now = Date.parse('2026-03-02T10:00:00Z');
  const session = (over: Partial<ServiceSession>): ServiceSession => ({
    id: 1,
    ticket: 3,
    controller: 4,
    machine: 5,
    machineName: 'Prusa',
    business: 2,
    requester: { id: 7, name: 'Ettore', surname: 'Esterno' },
    reason: 'Firmware',
    hours: 2,
    state: 'active',
    requestedAt: '2026-03-02T08:00:00Z',
    decidedAt: '2026-03-02T09:00:00Z',
    decidedBy: { id: 8, name: 'Mara', surname: 'Manager' },
    comment: null,
    endsAt: '2026-03-02T11:00:00Z',
    endedAt: null,
    endedBy: null,
    ...over,
  });

  it('finds the viewer’s own active session, not someone else’s or one past its end', () => {
    const others = session({ id: 2, requester: { id: 9, name: 'A', surname: 'B' } });
    expect(ownActiveSession([others, session({})], viewer, now)?.id).toBe(1);
    expect(ownActiveSession([session({ endsAt: '2026-03-02T09:59:59Z' })], viewer, now)).toBeUndefined();
    expect(ownActiveSession([session({ state: 'requested' })], viewer, now)).toBeUndefined();
  });

  it('says the watched session is over once ended early or past its end, and nothing before', () => {
    expect(endedWatchedSession([session({})], 1, now)).toBeUndefined();
    expect(endedWatchedSession([session({})], null, now)).toBeUndefined();
    const ended = session({ state: 'ended', endedAt: '2026-03-02T09:58:00Z' });
    expect(endedWatchedSession([ended], 1, now)).toEqual({ session: ended, state: 'ended' });
    const late = session({});
    expect(endedWatchedSession([late], 1, Date.parse('2026-03-02T11:00:00Z'))).toEqual({
      session: late,
      state: 'expired',
    });
    expect(endedWatchedSession([session({ id: 2 })], 1, now)).toBeUndefined();
  });
});
