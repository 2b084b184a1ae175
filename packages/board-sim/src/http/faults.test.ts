import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningBoard, startBoard } from '../board.ts';
import { BOOT_MS } from '../machine/machine.ts';
import { rawGet } from '../test/http.ts';
import { FaultSwitches } from './faults.ts';

let board: RunningBoard;
let sbc: RunningBoard;

beforeAll(async () => {
  [board, sbc] = await Promise.all([
    startBoard({ autoAdvance: false }),
    startBoard({ autoAdvance: false, mode: 'sbc' }),
  ]);
  board.advance(BOOT_MS);
  sbc.advance(BOOT_MS);
});
afterAll(() => Promise.all([board.close(), sbc.close()]));

describe('board faults', () => {
  it('offline: connections are refused until it is cleared, and open sockets drop', async () => {
    const socket = new WebSocket(`${sbc.url.replace('http', 'ws')}/machine`);
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    sbc.faults.offline = true;
    await closed;
    await expect(fetch(`${sbc.url}/machine/status`)).rejects.toThrow();
    sbc.faults.offline = false;
    expect((await fetch(`${sbc.url}/machine/status`)).status).toBe(200);
  });

  it('answer503: the next N API requests get a bare 503, web files are unaffected', async () => {
    board.faults.answer503 = 2;
    expect((await rawGet(board.port, '/')).status).toBe(200);
    for (let index = 0; index < 2; index++) {
      expect((await rawGet(board.port, '/rr_model?key=state.status')).raw).toBe(
        'HTTP/1.1 503 Service Unavailable\r\n\r\n',
      );
    }
    expect((await rawGet(board.port, '/rr_model?key=state.status')).status).toBe(200);
    sbc.faults.answer503 = 1;
    expect((await rawGet(sbc.port, '/machine/status')).raw).toBe('HTTP/1.1 503 Service Unavailable\r\n\r\n');
  });

  it('delayMs: answers still come, later', async () => {
    board.faults.delayMs = 20;
    expect((await rawGet(board.port, '/rr_model?key=state.status')).status).toBe(200);
    board.faults.delayMs = 0;
  });

  it('stall: requests wait until the stall is cleared, then get their answers', async () => {
    board.faults.stall = true;
    const pending = rawGet(board.port, '/rr_model?key=state.status');
    await expect.poll(() => board.faults.stalled).toBe(1);
    board.faults.stall = false;
    expect((await pending).status).toBe(200);
  });

  it('dropAfterBytes: the connection is cut after that many body bytes', async () => {
    board.faults.dropAfterBytes = 1000;
    const response = await rawGet(board.port, '/rr_download?name=0:/gcodes/Supporto_sensore.gcode');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(40_000);
    expect(response.body.length).toBe(1000);
    sbc.faults.dropAfterBytes = 10;
    await expect(
      fetch(`${sbc.url}/machine/file/gcodes/Supporto_sensore.gcode`).then((r) => r.text()),
    ).rejects.toThrow();
    board.faults.dropAfterBytes = null;
    sbc.faults.dropAfterBytes = null;
  });
});

describe('forgetting the sessions', () => {
  it('refuses an old session key until its client logs in again', async () => {
    const guarded = await startBoard({ autoAdvance: false, password: 'secret' });
    try {
      guarded.advance(BOOT_MS);
      const login = await fetch(`${guarded.url}/rr_connect?password=secret&sessionKey=yes`);
      const { sessionKey } = (await login.json()) as { sessionKey: number };
      const headers = { 'X-Session-Key': String(sessionKey) };
      expect((await fetch(`${guarded.url}/rr_model?key=state`, { headers })).status).toBe(200);
      guarded.forgetSessions();
      expect((await fetch(`${guarded.url}/rr_model?key=state`, { headers })).status).toBe(401);
    } finally {
      await guarded.close();
    }
  });

  it('refuses an SBC session key as well', async () => {
    const { sessionKey } = (await (await fetch(`${sbc.url}/machine/connect`)).json()) as {
      sessionKey: string;
    };
    const headers = { 'X-Session-Key': sessionKey };
    expect((await fetch(`${sbc.url}/machine/status`, { headers })).status).toBe(200);
    sbc.forgetSessions();
    expect((await fetch(`${sbc.url}/machine/status`, { headers })).status).toBe(401);
  });
});

describe('the stall switch', () => {
  it('holds answers while set and releases them when cleared', async () => {
    const faults = new FaultSwitches();
    faults.stall = true;
    let released = false;
    const waiting = faults.beforeAnswer().then(() => {
      released = true;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(released).toBe(false);
    faults.stall = false;
    await waiting;
    expect(released).toBe(true);
  });
});
