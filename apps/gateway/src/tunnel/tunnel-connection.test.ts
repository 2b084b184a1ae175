import { once } from 'node:events';
import { BOOT_MS, type RunningBoard, startBoard } from '@portal/board-sim';
import { CLOSE_CODES, gatewayAuthorization, TUNNEL_PATH } from '@portal/tunnel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../gateway.ts';
import { FakePortal, request } from '../test/fake-portal.ts';
import { captureLogs } from '../test/logs.ts';
import { tunnelUrl } from './tunnel-connection.ts';

const KEY = 'k3y-that-must-never-be-logged';
let portal: FakePortal;
let board: RunningBoard;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  portal = await new FakePortal(
    new Map([
      [1, KEY],
      [2, KEY],
      [4, KEY],
    ]),
  ).listen();
  board = await startBoard({ password: 'secret' });
  board.advance(BOOT_MS);
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await portal.close();
  await board.close();
});

function start(controller: number, key = KEY, random = () => 0.5, server = portal.url) {
  const logs = captureLogs();
  const gateway = startGateway(
    { server, controller, key, board: board.url, boardPassword: 'secret' },
    { logger: logs.logger, random, tuning: { reconnect: { baseMs: 20, capMs: 60_000 } } },
  );
  gateways.push(gateway);
  return { gateway, logs };
}

describe('the tunnel address', () => {
  it('turns the portal address into its WebSocket tunnel endpoint', () => {
    expect(tunnelUrl('http://127.0.0.1:8080')).toBe(`ws://127.0.0.1:8080${TUNNEL_PATH}`);
    expect(tunnelUrl('https://portal.example.com/')).toBe(`wss://portal.example.com${TUNNEL_PATH}`);
    expect(tunnelUrl('wss://example.com/portal?x=1')).toBe(`wss://example.com/portal${TUNNEL_PATH}`);
  });
});

describe('the tunnel', () => {
  it('authenticates with the controller id and key and serves the portal over HTTP/2', async () => {
    const sessionReady = portal.nextSession(1);
    const { gateway, logs } = start(1);
    const session = await sessionReady;
    const upgrade = portal.upgrades.find(
      (entry) => entry.authorization === gatewayAuthorization(1, KEY) && entry.url === TUNNEL_PATH,
    );
    expect(upgrade).toBeDefined();
    await vi.waitFor(() => expect(gateway.connected).toBe(true));
    const answer = await request(session, '/board/rr_model?key=state');
    expect(answer.status).toBe(200);
    expect(JSON.stringify(logs.entries)).not.toContain(KEY);
  });

  it('reconnects after the portal drops the socket, with a jittered delay', async () => {
    const first = portal.nextSession(2);
    const { gateway, logs } = start(2);
    await first;
    const disconnected = once(gateway, 'disconnected');
    const second = portal.nextSession(2);
    portal.sockets.get(2)?.terminate();
    const [reason] = await disconnected;
    expect(reason).toMatch(/1006/);
    const session = await second;
    expect((await request(session, '/board/rr_model')).status).toBe(200);
    expect(gateway.stats.tunnelConnects).toBe(2);
    // The first failure after a success waits random × base.
    expect(logs.entries.find((entry) => entry.msg === 'disconnected from the portal')).toMatchObject({
      retryInMs: 10,
    });
  });

  it('backs off at the cap when the portal refuses the key, and never logs the key', async () => {
    const { gateway, logs } = start(3, 'wrong-key');
    await vi.waitFor(() =>
      expect(logs.entries.find((entry) => entry.msg === 'could not connect to the portal')).toBeDefined(),
    );
    expect(logs.entries.find((entry) => entry.msg === 'could not connect to the portal')).toMatchObject({
      reason: 'the portal refused the controller id or key (401)',
      retryInMs: 30_000,
    });
    expect(gateway.connected).toBe(false);
    expect(JSON.stringify(logs.entries)).not.toContain('wrong-key');
  });

  it('backs off at the cap when another gateway with the same controller id takes the tunnel over', async () => {
    const ready = portal.nextSession(4);
    const { gateway, logs } = start(4);
    await ready;
    const disconnected = once(gateway, 'disconnected');
    portal.sockets.get(4)?.close(CLOSE_CODES.replaced, 'replaced');
    expect((await disconnected)[0]).toMatch(/another gateway/);
    expect(logs.entries.find((entry) => entry.msg === 'disconnected from the portal')).toMatchObject({
      retryInMs: 30_000,
    });
  });

  it('doubles the window with every failed attempt while the portal is down', async () => {
    const { logs } = start(5, KEY, () => 0.5, 'http://127.0.0.1:1');
    await vi.waitFor(
      () =>
        expect(logs.entries.filter((entry) => entry.msg === 'could not connect to the portal')).toHaveLength(
          4,
        ),
      { timeout: 5_000 },
    );
    const delays = logs.entries
      .filter((entry) => entry.msg === 'could not connect to the portal')
      .map((entry) => entry.retryInMs);
    expect(delays).toEqual([10, 20, 40, 80]);
  });
});

describe('the heartbeat', () => {
  it('gives up a portal that went silent and dials again', async () => {
    const silent = await new FakePortal(new Map([[9, KEY]]), { autoPong: false }).listen();
    const logs = captureLogs();
    const gateway = startGateway(
      { server: silent.url, controller: 9, key: KEY, board: board.url },
      {
        logger: logs.logger,
        random: () => 0,
        tuning: { heartbeat: { intervalMs: 20, deadAfterMs: 150 }, reconnect: { baseMs: 20, capMs: 100 } },
      },
    );
    try {
      await silent.nextSession(9);
      const [reason] = await once(gateway, 'disconnected');
      expect(reason).toMatch(/heartbeat/);
      await silent.nextSession(9);
    } finally {
      await gateway.close();
      await silent.close();
    }
  });
});
