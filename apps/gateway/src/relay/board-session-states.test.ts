import { describe, expect, it } from 'vitest';
import {
  type BoardSessionEvent,
  type BoardSessionState,
  clientLoginOf,
  FRESH_FOR_MS,
  INITIAL_SESSION_STATE,
  keepAliveDue,
  loginDue,
  machineConnectEvent,
  RETRY_FAILED_MS,
  RETRY_REFUSED_MS,
  rrConnectEvent,
  sessionKeyOf,
  transition,
} from './board-session-states.ts';

const T = 1_000_000;
const RR_CONNECT = { status: 200, json: { err: 0, sessionKey: 0, apiLevel: 2 } };
const ACCEPTED: BoardSessionEvent = {
  type: 'loginAccepted',
  kind: 'rrf',
  key: '1234',
  sentAt: T,
  rrConnectAnswer: RR_CONNECT,
  details: { apiLevel: 2 },
};

const closed: BoardSessionState = INITIAL_SESSION_STATE;
const open: BoardSessionState = {
  ...closed,
  kind: 'rrf',
  rrConnectAnswer: RR_CONNECT,
  generation: 1,
  phase: { name: 'open', key: '1234', lastContactAt: T },
};
const held: BoardSessionState = {
  ...closed,
  kind: 'rrf',
  phase: {
    name: 'held',
    retryAt: T + RETRY_REFUSED_MS,
    refusal: 'password',
    connectAnswer: { status: 200, json: { err: 1 } },
  },
};
const dsfOpen: BoardSessionState = {
  ...closed,
  kind: 'dsf',
  rrConnectAnswer: { status: 404, text: 'Not Found' },
  generation: 1,
  phase: { name: 'open', key: 'dsf-key', lastContactAt: T },
};

/** Applies events in turn; returns the last state and every line logged on the way. */
function run(state: BoardSessionState, ...events: BoardSessionEvent[]) {
  const log: string[] = [];
  for (const event of events) {
    const next = transition(state, event);
    state = next.state;
    log.push(...next.log.map((line) => line.msg));
  }
  return { state, log };
}

describe('a closed session', () => {
  it('logs in before the next request', () => {
    expect(loginDue(closed, T)).toBe(true);
    expect(sessionKeyOf(closed)).toBeNull();
  });

  it('opens when the board accepts the login, as a new generation with its key', () => {
    const { state, log } = run(closed, ACCEPTED);
    expect(state).toEqual(open);
    expect(transition(closed, ACCEPTED).log).toEqual([
      { level: 'info', msg: 'board session opened', fields: { kind: 'rrf', keyed: true, apiLevel: 2 } },
    ]);
    expect(log).toEqual(['board session opened']);
    expect(sessionKeyOf(state)).toBe('1234');
  });

  it('is held ten seconds when the board refuses the password (wrong password)', () => {
    const refused = { status: 200, json: { err: 1 } };
    const { state, log } = run(closed, {
      type: 'passwordRefused',
      kind: 'rrf',
      at: T,
      connectAnswer: refused,
    });
    expect(state.phase).toEqual({
      name: 'held',
      retryAt: T + RETRY_REFUSED_MS,
      refusal: 'password',
      connectAnswer: refused,
    });
    expect(state.kind).toBe('rrf');
    expect(log).toEqual(['board refused the machine password: check --board-password']);
  });

  it('is held a second when the board has no free session', () => {
    const { state, log } = run(closed, { type: 'noFreeSession', at: T, err: 2 });
    expect(state.phase).toEqual({
      name: 'held',
      retryAt: T + RETRY_FAILED_MS,
      refusal: 'noFreeSession',
      connectAnswer: { status: 200, json: { err: 2 } },
    });
    expect(log).toEqual(['board has no free session (it holds at most 8): retrying']);
  });

  it('is held a second after any other failed login, and forgets the board kind when neither login exists', () => {
    const failed = run(dsfOpen, { type: 'loggedOut' }, { type: 'loginFailed', at: T, reason: '503' }).state;
    expect(failed.phase).toMatchObject({ name: 'held', retryAt: T + RETRY_FAILED_MS, refusal: 'failed' });
    expect(failed.kind).toBe('dsf');
    const missing = run(
      dsfOpen,
      { type: 'loggedOut' },
      { type: 'loginFailed', at: T, reason: '404', kindUnknown: true },
    ).state;
    expect(missing.kind).toBeNull();
  });

  it('learns a DSF board from rr_connect and stays closed for the machine/connect login', () => {
    const { state } = run(closed, { type: 'dsfFound', connectAnswer: { status: 404, text: 'Not Found' } });
    expect(state.phase.name).toBe('closed');
    expect(state.kind).toBe('dsf');
    expect(clientLoginOf(state, '/rr_connect')).toEqual({
      outcome: 'answer',
      answer: { status: 404, text: 'Not Found' },
    });
  });

  it('stays closed on a 401 from an old session, a logout, an accepted request or an unreachable board', () => {
    for (const event of [
      { type: 'sessionRejected', generation: 0 },
      { type: 'loggedOut' },
      { type: 'requestAccepted', sentAt: T },
      { type: 'boardUnreachable', reason: 'ECONNREFUSED' },
    ] satisfies BoardSessionEvent[]) {
      expect(transition(closed, event).state.phase).toEqual({ name: 'closed' });
    }
  });
});

describe('a held session', () => {
  it('sends requests without a session until the hold is over, then logs in again', () => {
    expect(loginDue(held, T + RETRY_REFUSED_MS - 1)).toBe(false);
    expect(loginDue(held, T + RETRY_REFUSED_MS)).toBe(true);
    expect(sessionKeyOf(held)).toBeNull();
  });

  it("answers clients' own login with the board's refusal", () => {
    expect(clientLoginOf(held, '/rr_connect')).toEqual({
      outcome: 'answer',
      answer: { status: 200, json: { err: 1 } },
    });
    const dsfHeld = run(
      dsfOpen,
      { type: 'loggedOut' },
      {
        type: 'passwordRefused',
        kind: 'dsf',
        at: T,
        connectAnswer: { status: 403, text: '' },
      },
    ).state;
    expect(clientLoginOf(dsfHeld, '/machine/connect')).toEqual({
      outcome: 'answer',
      answer: { status: 403, text: '' },
    });
  });

  it('opens when a later login is accepted', () => {
    expect(run(held, ACCEPTED).state).toEqual(open);
  });

  it('stays held when the board cannot be reached, or a request meets a 401', () => {
    expect(transition(held, { type: 'boardUnreachable', reason: 'ETIMEDOUT' }).state.phase).toEqual(
      held.phase,
    );
    expect(transition(held, { type: 'sessionRejected', generation: 0 }).state).toEqual(held);
    expect(transition(held, { type: 'loggedOut' }).state).toEqual(held);
  });

  it('is held anew when the retried login is refused again', () => {
    const again = run(held, {
      type: 'passwordRefused',
      kind: 'rrf',
      at: T + RETRY_REFUSED_MS,
      connectAnswer: { status: 200, json: { err: 1 } },
    }).state;
    expect(again.phase).toMatchObject({ name: 'held', retryAt: T + 2 * RETRY_REFUSED_MS });
  });
});

describe('an open session', () => {
  it('sends its key without logging in while fresh, and logs in again once stale', () => {
    expect(loginDue(open, T + FRESH_FOR_MS - 1)).toBe(false);
    expect(loginDue(open, T + FRESH_FOR_MS)).toBe(true);
    expect(sessionKeyOf(open)).toBe('1234');
  });

  it('is kept fresh by each accepted request, never moved back by a late one', () => {
    const touched = run(
      open,
      { type: 'requestAccepted', sentAt: T + 5_000 },
      { type: 'requestAccepted', sentAt: T + 10 },
    );
    expect(touched.state.phase).toEqual({ name: 'open', key: '1234', lastContactAt: T + 5_000 });
    expect(loginDue(touched.state, T + FRESH_FOR_MS)).toBe(false);
  });

  it('closes when the board rejects its key (the session expired), and logs in again', () => {
    const { state, log } = run(open, { type: 'sessionRejected', generation: 1 });
    expect(state.phase).toEqual({ name: 'closed' });
    expect(log).toEqual(['board session expired: logging in again']);
    expect(loginDue(state, T)).toBe(true);
  });

  it('ignores a 401 met with an earlier session, which a new login already replaced', () => {
    const relogged = run(open, ACCEPTED).state;
    expect(relogged.generation).toBe(2);
    expect(transition(relogged, { type: 'sessionRejected', generation: 1 }).state).toEqual(relogged);
  });

  it('closes when the board cannot be reached (offline or rebooting), and opens a new generation after', () => {
    const { state, log } = run(
      open,
      { type: 'boardUnreachable', reason: 'ECONNREFUSED' },
      { type: 'boardUnreachable', reason: 'ECONNREFUSED' },
    );
    expect(state.phase).toEqual({ name: 'closed' });
    expect(state.reachable).toBe(false);
    expect(log).toEqual(['board unreachable']);
    const back = run(state, { ...ACCEPTED, key: '5678', sentAt: T + 30_000 });
    expect(back.log).toEqual(['board reachable again', 'board session opened']);
    expect(back.state.generation).toBe(2);
    expect(sessionKeyOf(back.state)).toBe('5678');
  });

  it('keeps its key when a login to refresh it is not accepted, and tries again on the next request', () => {
    const stale = T + FRESH_FOR_MS;
    for (const event of [
      { type: 'passwordRefused', kind: 'rrf', at: stale, connectAnswer: { status: 200, json: { err: 1 } } },
      { type: 'noFreeSession', at: stale, err: 2 },
      { type: 'loginFailed', at: stale, reason: '503' },
    ] satisfies BoardSessionEvent[]) {
      const { state } = transition(open, event);
      expect(state.phase).toEqual(open.phase);
      expect(loginDue(state, stale)).toBe(true);
    }
  });

  it('closes on logout', () => {
    expect(transition(open, { type: 'loggedOut' }).state.phase).toEqual({ name: 'closed' });
  });

  it('needs a keep-alive request once quiet half the keep-alive period', () => {
    expect(keepAliveDue(open, T + 999, 2_000)).toBe(false);
    expect(keepAliveDue(open, T + 1_000, 2_000)).toBe(true);
    expect(keepAliveDue(closed, T + 1_000, 2_000)).toBe(false);
  });
});

describe("clients' own logins", () => {
  it("opens a client session on RRF's connect answer (key zeroed), or answers 503 before any login", () => {
    expect(clientLoginOf(open, '/rr_connect')).toEqual({ outcome: 'rrf', connectAnswer: RR_CONNECT.json });
    expect(clientLoginOf(closed, '/rr_connect')).toMatchObject({
      outcome: 'answer',
      answer: { status: 503, answer: 'board-unreachable' },
    });
  });

  it("opens a client session on DSF's machine/connect while logged in, and answers 403 when not", () => {
    expect(clientLoginOf(dsfOpen, '/machine/connect')).toEqual({ outcome: 'dsf' });
    expect(clientLoginOf(run(dsfOpen, { type: 'loggedOut' }).state, '/machine/connect')).toEqual({
      outcome: 'answer',
      answer: { status: 403, text: '' },
    });
  });

  it('is no login for anything else, nor machine/connect on a standalone board', () => {
    expect(clientLoginOf(open, '/machine/connect')).toBeNull();
    expect(clientLoginOf(open, '/rr_disconnect')).toBeNull();
    expect(clientLoginOf(open, '/rr_model')).toBeNull();
  });
});

describe("the board's answers to a login", () => {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('reads rr_connect: accepted with or without a key, refused, no free session, DSF, or failed', () => {
    expect(rrConnectEvent(200, json({ err: 0, sessionKey: 42, boardType: 'duet3' }), T, T + 5)).toEqual({
      type: 'loginAccepted',
      kind: 'rrf',
      key: '42',
      sentAt: T,
      rrConnectAnswer: { status: 200, json: { err: 0, sessionKey: 0, boardType: 'duet3' } },
      details: { boardType: 'duet3', apiLevel: undefined },
    });
    expect(rrConnectEvent(200, json({ err: 0 }), T, T)).toMatchObject({
      type: 'loginAccepted',
      key: null,
      rrConnectAnswer: { status: 200, json: { err: 0 } },
    });
    expect(rrConnectEvent(200, json({ err: 1 }), T, T + 5)).toEqual({
      type: 'passwordRefused',
      kind: 'rrf',
      at: T + 5,
      connectAnswer: { status: 200, json: { err: 1 } },
    });
    expect(rrConnectEvent(200, json({ err: 2 }), T, T)).toMatchObject({ type: 'noFreeSession', err: 2 });
    expect(rrConnectEvent(404, Buffer.alloc(0), T, T)).toMatchObject({ type: 'dsfFound' });
    expect(rrConnectEvent(200, json({ err: 0, isEmulated: true }), T, T)).toEqual({
      type: 'dsfFound',
      connectAnswer: { status: 200, json: { err: 0, isEmulated: true } },
    });
    expect(rrConnectEvent(503, Buffer.alloc(0), T, T)).toMatchObject({
      type: 'loginFailed',
      reason: 'rr_connect answered 503 without JSON',
    });
    expect(rrConnectEvent(200, Buffer.from('<html>'), T, T)).toMatchObject({ type: 'loginFailed' });
  });

  it('reads machine/connect: accepted, refused, missing, or failed', () => {
    expect(machineConnectEvent(200, json({ sessionKey: 'abc' }), T, T)).toEqual({
      type: 'loginAccepted',
      kind: 'dsf',
      key: 'abc',
      sentAt: T,
    });
    expect(machineConnectEvent(403, Buffer.alloc(0), T, T)).toMatchObject({
      type: 'passwordRefused',
      kind: 'dsf',
    });
    expect(machineConnectEvent(404, Buffer.alloc(0), T, T)).toMatchObject({
      type: 'loginFailed',
      kindUnknown: true,
    });
    expect(machineConnectEvent(500, Buffer.alloc(0), T, T)).toMatchObject({
      type: 'loginFailed',
      kindUnknown: false,
    });
  });

  it('leaves a DSF board whose login answered 404 to be probed again', () => {
    const dsf = run(closed, rrConnectEvent(404, Buffer.alloc(0), T, T)).state;
    const lost = run(dsf, machineConnectEvent(404, Buffer.alloc(0), T, T)).state;
    expect(lost.kind).toBeNull();
    expect(lost.phase.name).toBe('held');
  });
});
