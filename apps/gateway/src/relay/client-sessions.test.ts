import { describe, expect, it } from 'vitest';
import type { ClientLogin } from './board-session-states.ts';
import { routeClientRequest } from './client-requests.ts';
import { ClientSessions, isKeyless } from './client-sessions.ts';

function sessionsAt(clock: { now: number }, options: { limit?: number; maxReplyBytes?: number } = {}) {
  return new ClientSessions({
    limit: options.limit ?? 8,
    timeoutMs: 8_000,
    maxReplyBytes: options.maxReplyBytes ?? 1_000,
    now: () => clock.now,
  });
}

describe("the gateway's client sessions", () => {
  it('gives each login a key of its own: a 32-bit number for RRF, 32 hex digits for DSF', () => {
    const sessions = sessionsAt({ now: 0 });
    const keys = Array.from({ length: 8 }, () => sessions.open('rrf')?.key);
    expect(new Set(keys).size).toBe(8);
    for (const key of keys) expect(Number(key)).toBeGreaterThan(0);
    expect(sessions.open('rrf')).toBeNull();
    expect(sessionsAt({ now: 0 }).open('dsf')?.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('knows a key until its session has been idle longer than the time-out, each session on its own', () => {
    const clock = { now: 0 };
    const sessions = sessionsAt(clock);
    const quiet = sessions.open('rrf')?.key as string;
    const busy = sessions.open('rrf')?.key as string;
    for (clock.now = 2_000; clock.now <= 10_000; clock.now += 2_000)
      expect(sessions.find(busy)).toBeDefined();
    expect(sessions.find(quiet)).toBeUndefined();
    expect(sessions.count).toBe(1);
    expect(sessions.find('12345')).toBeUndefined();
  });

  it('keeps a session alive while a request or WebSocket holds it, and counts the release as a request', () => {
    const clock = { now: 0 };
    const sessions = sessionsAt(clock);
    const session = sessions.open('dsf');
    if (!session) throw new Error('no session');
    const release = sessions.hold(session);
    clock.now = 60_000;
    expect(sessions.find(session.key as string)).toBe(session);
    release();
    release();
    expect(session.holds).toBe(0);
    clock.now = 67_000;
    expect(sessions.find(session.key as string)).toBe(session);
    clock.now = 75_001;
    expect(sessions.find(session.key as string)).toBeUndefined();
  });

  it('has clients that send no key (or RRF key 0) share one session, opened on their first request', () => {
    const sessions = sessionsAt({ now: 0 });
    for (const header of [undefined, '', '0', ' 0 ']) expect(isKeyless(header)).toBe(true);
    expect(isKeyless('7')).toBe(false);
    const keyless = sessions.find(undefined);
    expect(keyless?.key).toBeNull();
    expect(sessions.find('0')).toBe(keyless);
    expect(sessions.close(undefined)).toBe(true);
    expect(sessions.close(undefined)).toBe(false);
  });

  it('gives every session every reply once, from its login on', () => {
    const sessions = sessionsAt({ now: 0 });
    const first = sessions.open('rrf');
    const second = sessions.open('rrf');
    if (!first || !second) throw new Error('no session');
    sessions.addReplies('ok one\n');
    sessions.addReplies('');
    sessions.addReplies('ok two\n');
    expect(sessions.takeReplies(first)).toBe('ok one\nok two\n');
    expect(sessions.takeReplies(first)).toBe('');
    const late = sessions.open('rrf');
    sessions.addReplies('ok three\n');
    expect(sessions.takeReplies(second)).toBe('ok one\nok two\nok three\n');
    expect(late && sessions.takeReplies(late)).toBe('ok three\n');
  });

  it('keeps replies only for sessions that have not read them, within its byte limit', () => {
    const clock = { now: 0 };
    const sessions = sessionsAt(clock, { maxReplyBytes: 10 });
    const reader = sessions.open('rrf');
    const laggard = sessions.open('rrf');
    if (!reader || !laggard) throw new Error('no session');
    sessions.addReplies('12345\n');
    sessions.takeReplies(reader);
    expect(sessions.replyBytes).toBe(6);
    sessions.addReplies('abcdef\n');
    expect(sessions.replyBytes).toBe(7); // the oldest, over the limit, is dropped as a board short of memory does
    expect(sessions.takeReplies(laggard)).toBe('abcdef\n');
    sessions.takeReplies(reader);
    expect(sessions.replyBytes).toBe(0);
    sessions.addReplies('gone\n');
    clock.now = 9_000; // both sessions timed out: nobody is left to read it
    sessions.addReplies('x');
    expect(sessions.replyBytes).toBe(0);
  });
});

describe("a client's request", () => {
  const rrfOpen = (pathname: string): ClientLogin | null =>
    pathname === '/rr_connect'
      ? { outcome: 'rrf', connectAnswer: { err: 0, sessionTimeout: 8000, apiLevel: 2, sessionKey: 0 } }
      : null;
  const rrf = { kind: 'rrf' as const, login: rrfOpen };
  const get = (target: string, key?: string) => {
    const [pathname = '', query = ''] = target.split('?');
    const sessionKeyParam = new URLSearchParams(query).get('sessionKey') ?? undefined;
    return { method: 'GET', pathname, sessionKeyParam, key };
  };

  it("logs in with a key of the gateway's when asked, the board's own answer otherwise", () => {
    const sessions = sessionsAt({ now: 0 });
    const keyed = routeClientRequest(sessions, get('/rr_connect?password=x&sessionKey=YES'), rrf);
    expect(keyed).toEqual({
      kind: 'answer',
      answer: {
        status: 200,
        json: { err: 0, sessionTimeout: 8000, apiLevel: 2, sessionKey: expect.any(Number) },
      },
    });
    const plain = routeClientRequest(sessions, get('/rr_connect?password=x'), rrf);
    expect(plain).toEqual({
      kind: 'answer',
      answer: { status: 200, json: { err: 0, sessionTimeout: 8000, apiLevel: 2, sessionKey: 0 } },
    });
    expect(sessions.count).toBe(2);
  });

  it('passes on what the login met when the gateway is not logged in', () => {
    const refused = { status: 200, json: { err: 1 } };
    const route = routeClientRequest(sessionsAt({ now: 0 }), get('/rr_connect?password=x'), {
      kind: 'rrf',
      login: () => ({ outcome: 'answer', answer: refused }),
    });
    expect(route).toEqual({ kind: 'answer', answer: refused });
  });

  it("ends only the client's own session on logout, and refuses its key afterwards as a board does", () => {
    const sessions = sessionsAt({ now: 0 });
    const key = sessions.open('rrf')?.key as string;
    expect(routeClientRequest(sessions, get('/rr_model', key), rrf)).toMatchObject({ kind: 'relay' });
    expect(routeClientRequest(sessions, get('/rr_disconnect', key), rrf)).toEqual({
      kind: 'answer',
      answer: { status: 200, json: { err: 0 } },
    });
    expect(routeClientRequest(sessions, get('/rr_model', key), rrf)).toEqual({
      kind: 'answer',
      answer: { status: 401, text: 'Not authorized' },
    });
    expect(routeClientRequest(sessions, get('/rr_disconnect', key), rrf)).toMatchObject({
      answer: { json: { err: 1 } },
    });
  });

  it('answers rr_reply from the gateway, and relays anything else in the keyless session without a key', () => {
    const sessions = sessionsAt({ now: 0 });
    expect(routeClientRequest(sessions, get('/rr_reply'), rrf)).toMatchObject({ kind: 'replies' });
    expect(routeClientRequest(sessions, { ...get('/rr_upload'), method: 'POST' }, rrf)).toMatchObject({
      kind: 'relay',
      session: { key: null },
    });
  });

  it('gives DSF clients keys of their own and ends them on machine/disconnect, relaying machine/* to RRF', () => {
    const sessions = sessionsAt({ now: 0 });
    const dsf = {
      kind: 'dsf' as const,
      login: (pathname: string): ClientLogin | null =>
        pathname === '/machine/connect' ? { outcome: 'dsf' } : null,
    };
    const login = routeClientRequest(sessions, get('/machine/connect?password=x'), dsf);
    const key = (login as { answer: { json: { sessionKey: string } } }).answer.json.sessionKey;
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(routeClientRequest(sessions, get('/machine/disconnect', key), dsf)).toEqual({
      kind: 'answer',
      answer: { status: 204 },
    });
    expect(routeClientRequest(sessions, get('/machine', key), dsf)).toMatchObject({
      answer: { status: 401 },
    });
    expect(routeClientRequest(sessions, get('/machine/disconnect'), rrf)).toMatchObject({ kind: 'relay' });
  });
});
