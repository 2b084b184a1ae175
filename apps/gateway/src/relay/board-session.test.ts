import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BOOT_MS, type BoardOptions, startBoard } from '@portal/board-sim';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../test/logs.ts';
import { BoardFacts } from './board-facts.ts';
import { BoardSession } from './board-session.ts';
import { upstreamOf } from './upstream.ts';

const servers: http.Server[] = [];
const closers: (() => Promise<void>)[] = [];
const agent = new http.Agent({ keepAlive: false });

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A booted simulated board, closed after the test. */
async function simulatedBoard(options: BoardOptions) {
  const board = await startBoard({ password: 'secret', ...options });
  board.advance(BOOT_MS);
  closers.push(() => board.close());
  return board;
}

/** A board whose `rr_connect` answers are held until the test lets them go. */
async function heldLoginBoard() {
  const logins: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/rr_connect')) logins.push(response);
    else response.writeHead(404).end();
  });
  servers.push(server.listen(0, '127.0.0.1'));
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logins };
}

function sessionOn(url: string, password = 'secret') {
  const logs = captureLogs();
  const facts = new BoardFacts();
  const session = new BoardSession({
    board: upstreamOf(url),
    password,
    agent,
    timeoutMs: 2_000,
    keepAliveMs: 60_000,
    facts,
    logger: logs.logger,
  });
  return { session, logs, facts };
}

describe('the board session', () => {
  it('has concurrent requests wait for the same login', async () => {
    const board = await heldLoginBoard();
    const { session } = sessionOn(board.url);
    const waiting = [session.ensure(), session.ensure(), session.ensure()];
    await expect.poll(() => board.logins.length).toBe(1);
    board.logins[0]?.writeHead(200, { 'content-type': 'application/json' }).end('{"err":0,"sessionKey":7}');
    await Promise.all(waiting);
    expect(board.logins).toHaveLength(1);
    expect(session.loggedIn).toBe(true);
    expect(session.key).toBe('7');
    expect(session.generation).toBe(1);
    await session.ensure(); // fresh: no second login
    expect(board.logins).toHaveLength(1);
  });

  it('fails every waiting request once when the board is offline, and logs it once', async () => {
    const board = await heldLoginBoard();
    const { session, logs } = sessionOn(board.url);
    const waiting = [session.ensure(), session.ensure()];
    await expect.poll(() => board.logins.length).toBe(1);
    board.logins[0]?.socket?.destroy();
    for (const result of await Promise.allSettled(waiting)) expect(result.status).toBe('rejected');
    expect(session.loggedIn).toBe(false);
    expect(logs.entries.filter((entry) => entry.msg === 'board unreachable')).toHaveLength(1);
  });

  it('lets requests go without a session while a refused login is held, without asking the board again', async () => {
    const board = await heldLoginBoard();
    const { session, logs } = sessionOn(board.url);
    const first = session.ensure();
    await expect.poll(() => board.logins.length).toBe(1);
    board.logins[0]?.writeHead(200, { 'content-type': 'application/json' }).end('{"err":1}');
    await first;
    await session.ensure();
    expect(board.logins).toHaveLength(1);
    expect(session.key).toBeNull();
    expect(session.clientLogin('/rr_connect')).toEqual({
      outcome: 'answer',
      answer: { status: 200, json: { err: 1 } },
    });
    expect(logs.entries.map((entry) => entry.msg)).toContain(
      'board refused the machine password: check --board-password',
    );
  });

  it('logs in again after the board rejected the current key, not an earlier one', async () => {
    const board = await heldLoginBoard();
    const { session } = sessionOn(board.url);
    const login = (key: number) => {
      board.logins
        .at(-1)
        ?.writeHead(200, { 'content-type': 'application/json' })
        .end(`{"err":0,"sessionKey":${key}}`);
    };
    const first = session.ensure();
    await expect.poll(() => board.logins.length).toBe(1);
    login(1);
    await first;
    session.expire(session.generation); // the board rebooted and forgot the key
    const second = session.ensure();
    await expect.poll(() => board.logins.length).toBe(2);
    login(2);
    await second;
    expect(session.key).toBe('2');
    session.expire(1); // a 401 met by a request sent with the first key
    expect(session.loggedIn).toBe(true);
  });

  it('says why a login was not accepted', async () => {
    const board = await simulatedBoard({ firmware: '3.5' });
    const { session } = sessionOn(board.url, 'wrong');
    await session.ensure();
    expect(session.loggedIn).toBe(false);
    expect(session.refusal).toBe('password');
    expect(session.reachable).toBe(true);
  });
});

describe("the board's firmware and latency", () => {
  it.each([
    ['standalone RRF', { firmware: '3.5', release: '3.5.2' }, null],
    ['DSF on a single-board computer', { firmware: '3.6', mode: 'sbc' }, '3.6.1'],
  ] as const)(
    'reads the firmware of %s once per session, and times each request',
    async (_name, options, dsf) => {
      const board = await simulatedBoard(options);
      const { session, facts } = sessionOn(board.url);
      const heard: unknown[] = [];
      facts.on('firmware', (firmware) => heard.push(firmware));
      await session.ensure();
      expect(session.refusal).toBeNull();
      const expected = {
        name: 'RepRapFirmware',
        version: options.firmware === '3.5' ? '3.5.2' : '3.6.1',
        dsfVersion: dsf,
      };
      expect(await session.readFirmware()).toEqual(expected);
      expect(facts.firmware).toEqual(expected);
      await session.readFirmware();
      expect(heard).toEqual([expected]); // the same firmware again is no news
      expect(facts.latencyMs).toBeGreaterThan(0);
      expect(facts.latencyMs).toBeLessThan(1_000);
    },
  );
});
