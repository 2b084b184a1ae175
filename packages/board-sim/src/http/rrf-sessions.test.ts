import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBoard, startBoard } from '../board.ts';
import { BOOT_MS } from '../machine/machine.ts';
import { getJson, rawExchange, rawGet } from '../test/http.ts';
import { RrfSessions } from './rrf-sessions.ts';

const boards: RunningBoard[] = [];

async function board(options: Parameters<typeof startBoard>[0]): Promise<RunningBoard> {
  const started = await startBoard({ autoAdvance: false, ...options });
  started.advance(BOOT_MS);
  boards.push(started);
  return started;
}

let v34: RunningBoard;
let v35: RunningBoard;
let locked: RunningBoard;

beforeAll(async () => {
  [v34, v35, locked] = await Promise.all([
    board({ firmware: '3.4' }),
    board({ firmware: '3.5' }),
    board({ firmware: '3.6', password: 'secret' }),
  ]);
});
afterAll(() => Promise.all(boards.map((started) => started.close())));

describe('rr_connect per firmware', () => {
  it('3.4: API level 1, no session key, the client address is the session', async () => {
    const answer = await getJson(v34.url, '/rr_connect?password=x&sessionKey=yes');
    expect(answer).toEqual({ err: 0, sessionTimeout: 8000, boardType: 'duetwifi102', apiLevel: 1 });
  });

  it('3.5 and 3.6: API level 2 and a session key when asked, 0 when not', async () => {
    const keyed = await getJson(v35.url, '/rr_connect?password=&sessionKey=yes');
    expect(keyed).toMatchObject({ err: 0, sessionTimeout: 8000, boardType: 'duet5lcwifi', apiLevel: 2 });
    expect(keyed.sessionKey).toBeGreaterThan(0);
    expect(await getJson(v35.url, '/rr_connect?password=')).toMatchObject({ apiLevel: 2, sessionKey: 0 });
  });

  it('accepts any password while the password is the default reprap', async () => {
    expect(await getJson(v35.url, '/rr_connect?password=whatever')).toMatchObject({ err: 0 });
  });

  it('serves 3.4 the scanner key and 3.5+ ledStrips', async () => {
    const keys34 = Object.keys((await getJson(v34.url, '/rr_model')).result as object);
    expect(keys34).toContain('scanner');
    expect(keys34).not.toContain('ledStrips');
    const keys35 = Object.keys((await getJson(v35.url, '/rr_model')).result as object);
    expect(keys35).toContain('ledStrips');
    expect(keys35).not.toContain('sbc');
  });
});

describe('a board with a password', () => {
  it('answers 401 with its HTML page to requests without a session', async () => {
    const response = await rawGet(locked.port, '/rr_model?key=state');
    expect(response.status).toBe(401);
    expect(response.reason).toBe('Not authorized');
    expect(response.headers.get('content-type')).toBeUndefined();
    expect(response.body).toContain('Not authorized');
  });

  it('refuses a wrong password with err 1, and rr_connect without a password parameter with 401', async () => {
    expect(await getJson(locked.url, '/rr_connect?password=wrong')).toEqual({ err: 1 });
    expect((await rawGet(locked.port, '/rr_connect?sessionKey=yes')).status).toBe(401);
  });

  it('serves the session named by X-Session-Key until rr_disconnect ends it', async () => {
    const { sessionKey } = await getJson<{ sessionKey: number }>(
      locked.url,
      '/rr_connect?password=secret&sessionKey=yes',
    );
    const header = { 'X-Session-Key': String(sessionKey) };
    expect((await rawGet(locked.port, '/rr_model?key=state.status', header)).status).toBe(200);
    expect(
      (await rawGet(locked.port, '/rr_model?key=state.status', { 'X-Session-Key': '12345' })).status,
    ).toBe(401);
    expect((await rawGet(locked.port, '/rr_disconnect', header)).body).toBe('{"err":0}');
    expect((await rawGet(locked.port, '/rr_model?key=state.status', header)).status).toBe(401);
  });

  it('rejects an upload without a session with 500, not 401', async () => {
    const response = await rawExchange(
      locked.port,
      'POST /rr_upload?name=0:/gcodes/x.gcode HTTP/1.1\r\nHost: b\r\nContent-Length: 1\r\n\r\nx',
    );
    expect(response.status).toBe(500);
    expect(response.reason).toBe('Unknown message type or not authenticated');
    expect(locked.sd.stat('0:/gcodes/x.gcode')).toBeUndefined();
  });
});

describe('session limits', () => {
  it('holds at most 8 sessions: a ninth keyed login gets err 2', async () => {
    const full = await board({ firmware: '3.6' });
    for (let index = 0; index < 8; index++) {
      expect(await getJson(full.url, '/rr_connect?password=&sessionKey=yes')).toMatchObject({ err: 0 });
    }
    expect(await getJson(full.url, '/rr_connect?password=&sessionKey=yes')).toEqual({ err: 2 });
  });

  it('frees the slot of a session that timed out while the others keep theirs', () => {
    let now = 0;
    const sessions = new RrfSessions('3.6', () => now);
    const opened = Array.from({ length: 8 }, () => sessions.open('10.0.0.1', true, 0));
    expect(sessions.open('10.0.0.1', true, 0)).toBeNull();
    const [quiet, ...busy] = opened;
    for (now = 1_000; now <= 9_000; now += 1_000) {
      for (const session of busy) expect(sessions.find('10.0.0.1', session?.key ?? 0)).toBe(session);
    }
    expect(sessions.find('10.0.0.1', quiet?.key ?? 0)).toBeUndefined();
    expect(sessions.count).toBe(7);
    expect(sessions.open('10.0.0.1', true, 0)).not.toBeNull();
  });

  it('opens no second address session for requests with a key it does not know', async () => {
    const open = await board({ firmware: '3.6' });
    for (let index = 0; index < 10; index++) {
      expect(
        (await rawGet(open.port, '/rr_model?key=state.status', { 'X-Session-Key': '4242' })).status,
      ).toBe(401);
    }
    expect(open.sessionCount()).toBe(1);
    expect(await getJson(open.url, '/rr_connect?password=&sessionKey=yes')).toMatchObject({ err: 0 });
  });

  it('3.4 reuses the address session and skips the password check on a second rr_connect', async () => {
    const protectedOld = await board({ firmware: '3.4', password: 'secret' });
    expect(await getJson(protectedOld.url, '/rr_connect?password=wrong')).toEqual({ err: 1 });
    expect(await getJson(protectedOld.url, '/rr_connect?password=secret')).toMatchObject({ err: 0 });
    expect(await getJson(protectedOld.url, '/rr_connect?password=wrong')).toMatchObject({ err: 0 });
    const withAnyKey = await rawGet(protectedOld.port, '/rr_model?key=state.status', {
      'X-Session-Key': '99',
    });
    expect(withAnyKey.status).toBe(200);
  });

  it('drops a session after 8 s without requests', () => {
    let now = 0;
    const sessions = new RrfSessions('3.6', () => now);
    const session = sessions.open('10.0.0.1', true, 0);
    expect(session?.key).toBeGreaterThan(0);
    now = 7999;
    expect(sessions.find('10.0.0.1', session?.key ?? 0)).toBeDefined();
    now = 7999 + 8001;
    expect(sessions.find('10.0.0.1', session?.key ?? 0)).toBeUndefined();
    expect(sessions.count).toBe(0);
  });

  it('keeps an uploading session and refuses to disconnect it', () => {
    let now = 0;
    const sessions = new RrfSessions('3.6', () => now);
    const session = sessions.open('10.0.0.1', false, 0);
    if (!session) throw new Error('no session');
    session.uploading = true;
    now = 60_000;
    expect(sessions.close('10.0.0.1', 0)).toBe(false);
    session.uploading = false;
    expect(sessions.close('10.0.0.1', 0)).toBe(true);
  });

  it('forgets every session when the firmware resets', async () => {
    const resetting = await board({ firmware: '3.6', password: 'secret' });
    const { sessionKey } = await getJson<{ sessionKey: number }>(
      resetting.url,
      '/rr_connect?password=secret&sessionKey=yes',
    );
    const header = { 'X-Session-Key': String(sessionKey) };
    await resetting.runGcode('M999');
    expect((await rawGet(resetting.port, '/rr_model?key=state.status', header)).status).toBe(401);
  });
});
