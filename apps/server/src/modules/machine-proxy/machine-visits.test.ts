import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ChangeListeners } from '../../shared/change-listeners.ts';
import type { SessionChange, SessionEvents } from '../auth/session-events.ts';
import { type MachineVisit, MachineVisits } from './machine-visits.ts';

const START = new Date('2026-06-01T00:00:00Z').getTime();

function visitsWith(trustMs = 5000) {
  let now = START;
  const changes = new ChangeListeners<SessionChange>();
  const sessions: SessionEvents = {
    publish: (change) => void changes.publish(change),
    subscribe: (listener) => changes.subscribe(listener),
  };
  const grantsForgotten = new ChangeListeners<void>();
  const visits = new MachineVisits(() => new Date(now), trustMs, sessions, grantsForgotten);
  return { visits, sessions, grantsForgotten, advance: (ms: number) => (now += ms) };
}

/** A customer of business 2 on a machine of business 2; a technician of business 1 on the same machine. */
const visitOf = (subject: Partial<MachineVisit['subject']> = {}, trustedUntil = Infinity): MachineVisit => ({
  subject: { id: 7, role: Role.Customer, business: 2, sessionId: 'session-7', ...subject },
  reach: {
    controllerId: 3,
    machineGroupId: 4,
    businessId: 2,
    control: { allowed: true, session: null },
    trustedUntil,
  },
});
const FAR = START + 3600_000;

describe('MachineVisits', () => {
  it('answers a visit for the trust time, never past the cookie’s or session’s end or the access’s', () => {
    const { visits, advance } = visitsWith();
    visits.remember('a', visitOf(), FAR, visits.generation);
    visits.remember('b', visitOf(), START + 1000, visits.generation);
    visits.remember('c', visitOf({}, START + 2000), FAR, visits.generation);
    advance(999);
    expect([visits.get('a'), visits.get('b'), visits.get('c')].map(Boolean)).toEqual([true, true, true]);
    advance(1);
    expect([visits.get('a'), visits.get('b'), visits.get('c')].map(Boolean)).toEqual([true, false, true]);
    advance(1000);
    expect([visits.get('a'), visits.get('c')].map(Boolean)).toEqual([true, false]);
    advance(3000);
    expect(visits.get('a')).toBeUndefined();
  });

  it('keeps nothing when its trust time is 0', () => {
    const { visits } = visitsWith(0);
    visits.remember('a', visitOf(), FAR, visits.generation);
    expect(visits.get('a')).toBeUndefined();
  });

  it.each<[string, SessionChange]>([
    ['signing out (its session ended)', { sessionId: 'session-7' }],
    ['a change to the user (role, password, disabled, deleted)', { userId: 7 }],
    ["the user's business suspended", { businessId: 2 }],
    ["consent turned on for the machine's business", { controlOfBusiness: 2 }],
  ])('forgets a visit at once on %s', (_, change) => {
    const { visits, sessions } = visitsWith();
    visits.remember('a', visitOf(), FAR, visits.generation);
    visits.remember('other', visitOf({ id: 8, business: 5, sessionId: 'session-8' }), FAR, visits.generation);
    sessions.publish(change);
    expect(visits.get('a')).toBeUndefined();
    // Another user's visit of the same machine goes only when the change is about control of that machine.
    expect(Boolean(visits.get('other'))).toBe(!('controlOfBusiness' in change));
  });

  it('forgets every visit when the machine access forgets its grants', () => {
    const { visits, grantsForgotten } = visitsWith();
    visits.remember('a', visitOf(), FAR, visits.generation);
    void grantsForgotten.publish();
    expect(visits.get('a')).toBeUndefined();
  });

  it('does not keep a visit decided before a revocation it did not see', () => {
    const { visits, sessions, grantsForgotten } = visitsWith();
    const before = visits.generation;
    sessions.publish({ sessionId: 'session-7' });
    visits.remember('a', visitOf(), FAR, before);
    expect(visits.get('a')).toBeUndefined();
    const again = visits.generation;
    void grantsForgotten.publish();
    visits.remember('b', visitOf(), FAR, again);
    expect(visits.get('b')).toBeUndefined();
  });
});
