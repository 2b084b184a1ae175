import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { RunningBoard } from '@portal/board-sim';
import { boardProxyPath } from '@portal/contract';
import { BOARD_LIMITS } from '@portal/duet/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningGateway } from '../apps/gateway/src/index.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { controllerOf, issueGatewayKey, logIn, machineCookie, type Session } from '../test-kit/portal-api.ts';
import { Rig } from './support/rig.ts';

/**
 * Several clients on one machine through the real portal, its tunnel and a real gateway agent, as several browsers
 * on the board's own network would be (docs/design.md §5b): each its own session, each given every G-code reply
 * once, each timed out on its own, and more of them than the board holds sessions.
 */

/**
 * The clients' session time-out of this file's gateway: shorter than a board's 8 s, so a client that stops asking
 * is soon gone, yet long enough that a request slowed on a busy CI machine (three integration files at once) does
 * not log out a client that keeps asking (1.5 s did, once).
 */
const CLIENT_TIMEOUT_MS = 4_000;

let portal: RunningPortal;
const rig = new Rig();
let customer: Session;
let controller: number;
let board: RunningBoard;
let gateway: RunningGateway;

beforeAll(async () => {
  portal = await startPortal();
  const admin = await logIn(portal, 'admin@demo.test');
  customer = await logIn(portal, 'customer@demo.test');
  controller = await controllerOf(portal, admin, 'Prusa linea 1');
  board = await rig.board({ name: 'Prusa linea 1', password: 'machine-secret' });
  gateway = await rig.gateway(
    {
      server: portal.url,
      controller,
      key: await issueGatewayKey(portal, admin, controller),
      board: board.url,
      boardPassword: 'machine-secret',
    },
    { tuning: { clientSessionTimeoutMs: CLIENT_TIMEOUT_MS } },
  );
});

afterAll(async () => {
  await rig.close();
  await portal?.stop();
});

type Origin = 'portal' | 'machine';

/** One client of the machine, on the portal's origin (bearer token) or the machine's (the panel's cookie). */
class Client {
  key: string | null = null;
  lastRequestAt = 0;
  readonly #origin: Origin;
  readonly #headers: Record<string, string>;

  private constructor(origin: Origin, headers: Record<string, string>) {
    this.#origin = origin;
    this.#headers = headers;
  }

  static async on(origin: Origin): Promise<Client> {
    return new Client(
      origin,
      origin === 'portal'
        ? { authorization: `Bearer ${customer.token}` }
        : { cookie: await machineCookie(portal, customer, controller) },
    );
  }

  /** `rr_connect` as Duet Web Control sends it, with a password the client does not know. */
  async connect(): Promise<Record<string, unknown>> {
    const answer = (await (await this.get('rr_connect?password=&sessionKey=yes')).json()) as Record<
      string,
      unknown
    >;
    this.key = String(answer.sessionKey);
    return answer;
  }

  get(rest: string): Promise<Response> {
    const path = boardProxyPath('3.6', 'customer', controller, rest);
    const base = this.#origin === 'portal' ? portal.url : portal.machineUrl(controller);
    this.lastRequestAt = Date.now();
    return fetch(new URL(path, base), {
      headers: { ...this.#headers, ...(this.key && { 'x-session-key': this.key }) },
    });
  }

  async send(code: string): Promise<void> {
    expect((await this.get(`rr_gcode?gcode=${encodeURIComponent(code)}`)).status).toBe(200);
  }

  async replies(): Promise<string> {
    const answer = await this.get('rr_reply');
    expect(answer.status).toBe(200);
    return answer.text();
  }
}

/** Reads a client's replies until they hold every one of `texts`, and everything it read meanwhile. */
async function readUntil(client: Client, ...texts: string[]): Promise<string> {
  let read = '';
  await expect
    .poll(
      async () => {
        read += await client.replies();
        return texts.filter((text) => !read.includes(text));
      },
      { timeout: 5_000, interval: 100 },
    )
    .toEqual([]);
  return read;
}

describe('two clients on one machine', () => {
  for (const [title, origins] of [
    ['through the portal', ['portal', 'portal']],
    ['through the machine origin', ['machine', 'machine']],
    ['one on each origin', ['portal', 'machine']],
  ] as const) {
    it(`${title}: each its own session key, each every reply once, whoever sent the code`, async () => {
      const [first, second] = [await Client.on(origins[0]), await Client.on(origins[1])];
      const answers = [await first.connect(), await second.connect()];
      for (const answer of answers) {
        expect(answer).toMatchObject({ err: 0, apiLevel: 2, sessionTimeout: CLIENT_TIMEOUT_MS });
        expect(answer.sessionKey).toEqual(expect.any(Number));
        expect(JSON.stringify(answer)).not.toContain('machine-secret');
      }
      expect(first.key).not.toBe(second.key);

      // Both read at once: a client silent for longer than its time-out would be logged out meanwhile.
      await first.send('M115');
      await Promise.all(
        [first, second].map(async (client) => {
          expect(await readUntil(client, 'FIRMWARE_NAME: RepRapFirmware')).toMatch(
            /^(?!.*FIRMWARE_NAME.*FIRMWARE_NAME)/s,
          );
          expect(await client.replies()).toBe('');
        }),
      );
      await second.send(`M118 S"from the second, ${title}"`);
      await Promise.all([first, second].map((client) => readUntil(client, `from the second, ${title}`)));
    });
  }

  it('times out a client that stops asking, without disturbing the other', async () => {
    const [quiet, busy] = [await Client.on('portal'), await Client.on('machine')];
    await quiet.connect();
    await busy.connect();
    // The busy client keeps asking until the quiet one has been silent past its time-out.
    await expect
      .poll(
        async () => {
          expect((await busy.get('rr_model?key=state.status')).status).toBe(200);
          return Date.now() - quiet.lastRequestAt;
        },
        { timeout: CLIENT_TIMEOUT_MS * 4, interval: 200 },
      )
      .toBeGreaterThan(CLIENT_TIMEOUT_MS + 500);
    await busy.send('M118 S"while the other was away"');
    expect(await readUntil(busy, 'while the other was away')).toContain('while the other was away');
    // The quiet client's session is over: the board's 401, after which Duet's clients log in again.
    expect((await quiet.get('rr_reply')).status).toBe(401);
    await quiet.connect();
    await busy.send('M118 S"back again"');
    await readUntil(quiet, 'back again');
    expect(gateway.stats.boardLoggedIn).toBe(true);
  });

  it("never lets a client log the gateway out of the board, nor another client's session", async () => {
    const [leaving, staying] = [await Client.on('portal'), await Client.on('portal')];
    await leaving.connect();
    await staying.connect();
    expect(await (await leaving.get('rr_disconnect')).json()).toEqual({ err: 0 });
    expect((await leaving.get('rr_model?key=state.status')).status).toBe(401);
    expect((await staying.get('rr_model?key=state.status')).status).toBe(200);
    expect(gateway.stats.boardLoggedIn).toBe(true);
  });
});

describe('more clients than the board holds sessions', () => {
  it(`serves ten clients on a board of ${BOARD_LIMITS.maxSessions} sessions, each given every reply`, async () => {
    const clients = await Promise.all(
      Array.from({ length: 10 }, (_, index) => Client.on(index % 2 === 0 ? 'portal' : 'machine')),
    );
    // All at once, as ten open panels would: one after another, the first clients could sit silent past their
    // time-out on a busy machine.
    for (const answer of await Promise.all(clients.map((client) => client.connect())))
      expect(answer).toMatchObject({ err: 0 });
    expect(new Set(clients.map((client) => client.key)).size).toBe(10);
    const messages = clients.map((_, index) => `client ${index} here`);
    await Promise.all(clients.map((client, index) => client.send(`M118 S"${messages[index]}"`)));
    await Promise.all(clients.map((client) => readUntil(client, ...messages)));
    // The board sees the gateway alone: its one session, however many clients the portal has.
    expect(board.sessionCount()).toBe(1);
  });
});

describe('DSF clients on an SBC board', () => {
  it('each gets its own key and its own object-model WebSocket, which outlives the other', async () => {
    const admin = await logIn(portal, 'admin@demo.test');
    const technician = await logIn(portal, 'tech@demo.test');
    const cella = await controllerOf(portal, admin, 'Cella pallet');
    const sbc = await rig.board({ name: 'Cella pallet', mode: 'sbc' });
    const sbcGateway = await rig.gateway({
      server: portal.url,
      controller: cella,
      key: await issueGatewayKey(portal, admin, cella),
      board: sbc.url,
    });
    await expect.poll(() => sbcGateway.stats.boardLoggedIn).toBe(true);
    const cookie = await machineCookie(portal, technician, cella);
    // The gateway's own sessions (its login found DSF through rr_connect, whose emulation opened one by address).
    const boardSessions = sbc.sessionCount();
    const onMachine = (rest: string) =>
      new URL(boardProxyPath('3.6', 'customer', cella, rest), portal.machineUrl(cella));
    const keys = await Promise.all(
      [1, 2].map(async () => {
        const answer = await fetch(onMachine('machine/connect?password='), { headers: { cookie } });
        return ((await answer.json()) as { sessionKey: string }).sessionKey;
      }),
    );
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    const sockets = keys.map((key) => {
      const url = onMachine(`machine?sessionKey=${key}`);
      url.protocol = 'ws:';
      const socket = new WebSocket(url, { headers: { cookie } });
      const messages: string[] = [];
      socket.on('message', (data) => messages.push(data.toString()));
      return { socket, messages };
    });
    try {
      // Both listened for at once: a socket that opened while the other was awaited would never say so again.
      await Promise.all(sockets.map(({ socket }) => once(socket, 'open')));
      for (const { messages } of sockets) {
        await expect.poll(() => messages.length).toBe(1);
        expect(JSON.parse(messages[0] as string)).toMatchObject({ network: { name: 'Cella pallet' } });
      }
      sockets[0]?.socket.close();
      const [, survivor] = sockets as [unknown, (typeof sockets)[number]];
      await sbc.runGcode('M117 "still here"');
      survivor.socket.send('OK\n');
      await expect.poll(() => survivor.messages.slice(1).join('')).toContain('"displayMessage":"still here"');
      // Logged out, the first client's key opens nothing more; the second's session goes on.
      await fetch(onMachine('machine/disconnect'), {
        headers: { cookie, 'x-session-key': keys[0] as string },
      });
      const refused = await fetch(onMachine('machine/noop'), {
        headers: { cookie, 'x-session-key': keys[0] as string },
      });
      expect(refused.status).toBe(401);
      // Its object-model socket too is refused as the board refuses it (DWC then logs in again), not as offline.
      const stale = onMachine(`machine?sessionKey=${keys[0]}`);
      stale.protocol = 'ws:';
      const late = new WebSocket(stale, { headers: { cookie } });
      late.on('error', () => undefined);
      const [, response] = (await once(late, 'unexpected-response')) as [unknown, IncomingMessage];
      expect(response.statusCode).toBe(401);
      late.terminate();
      const noop = await fetch(onMachine('machine/noop'), {
        headers: { cookie, 'x-session-key': keys[1] as string },
      });
      expect(noop.status).toBe(204);
      // The clients' sessions are the gateway's, none of them the board's.
      expect(sbc.sessionCount()).toBeLessThanOrEqual(boardSessions);
    } finally {
      for (const { socket } of sockets) socket.terminate();
    }
  });
});
