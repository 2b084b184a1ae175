import { once } from 'node:events';
import http2 from 'node:http2';
import { BOOT_MS, type RunningBoard, startBoard } from '@portal/board-sim';
import { CLOSE_CODES, DIRECT_UPGRADE, gatewayAuthorization, REPORTS_PATH, TUNNEL_PATH } from '@portal/tunnel';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningGateway, startGateway } from '../gateway.ts';
import { FakePortal, openStream, request } from '../test/fake-portal.ts';
import { captureLogs } from '../test/logs.ts';
import { tunnelUrl } from './tunnel-connection.ts';

const KEY = 'k3y-that-must-never-be-logged';
const gateways: RunningGateway[] = [];
const portals: FakePortal[] = [];
const boards: RunningBoard[] = [];

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await Promise.all(portals.map((portal) => portal.close()));
  await Promise.all(boards.map((board) => board.close()));
});

/** A board of its own for each group of tests: a board takes a few sessions only, one per gateway. */
async function boardOf(): Promise<RunningBoard> {
  const board = await startBoard({ password: 'secret' });
  board.advance(BOOT_MS);
  boards.push(board);
  return board;
}

/** A portal and a board; every gateway started on the portal relays to that board. */
interface Site {
  portal: FakePortal;
  board: RunningBoard;
}

async function siteOf(options: ConstructorParameters<typeof FakePortal>[1]): Promise<Site> {
  const portal = await new FakePortal(new Map([1, 2, 4, 6, 9].map((id) => [id, KEY])), options).listen();
  portals.push(portal);
  return { portal, board: await boardOf() };
}

function start(
  { portal, board }: Site,
  controller: number,
  {
    key = KEY,
    server = portal.url,
    heartbeat,
  }: {
    key?: string;
    server?: string;
    heartbeat?: { intervalMs: number; deadAfterMs: number };
  } = {},
) {
  const logs = captureLogs();
  const gateway = startGateway(
    { server, controller, key, board: board.url, boardPassword: 'secret' },
    {
      logger: logs.logger,
      random: () => 0.5,
      tuning: { reconnect: { baseMs: 20, capMs: 60_000 }, ...(heartbeat ? { heartbeat } : {}) },
    },
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

describe('the transport', () => {
  it('is HTTP/2 directly on the upgraded connection when the portal takes the direct upgrade', async () => {
    const site = await siteOf({ direct: true });
    const { portal } = site;
    const ready = portal.nextSession(1);
    start(site, 1);
    const session = await ready;
    expect(portal.transportOf(1)).toBe('http2');
    expect(portal.upgrades.map((upgrade) => upgrade.upgrade)).toEqual([DIRECT_UPGRADE]);
    expect((await request(session, '/board/rr_model?key=state')).status).toBe(200);
  });

  it('falls back to a WebSocket when the portal refuses the direct upgrade, and keeps to it', async () => {
    const site = await siteOf({ direct: false });
    const { portal } = site;
    const first = portal.nextSession(1);
    const { gateway, logs } = start(site, 1);
    const session = await first;
    expect(portal.transportOf(1)).toBe('websocket');
    expect((await request(session, '/board/rr_model?key=state')).status).toBe(200);
    expect(logs.entries.find((entry) => entry.msg.includes('refused the direct tunnel'))).toMatchObject({
      status: 400,
    });
    const second = portal.nextSession(1);
    portal.links.get(1)?.terminate();
    await second;
    await vi.waitFor(() => expect(gateway.connected).toBe(true));
    // One direct offer, refused; every dial since is the WebSocket's.
    expect(portal.upgrades.map((upgrade) => upgrade.upgrade)).toEqual([
      DIRECT_UPGRADE,
      'websocket',
      'websocket',
    ]);
  });
});

describe.each([
  { transport: 'http2', direct: true },
  { transport: 'websocket', direct: false },
] as const)('the tunnel over $transport', ({ direct }) => {
  let site: Site;
  let portal: FakePortal;
  beforeAll(async () => {
    site = await siteOf({ direct });
    portal = site.portal;
  });

  it('authenticates with the controller id and key and serves the portal over HTTP/2', async () => {
    const sessionReady = portal.nextSession(1);
    const { gateway, logs } = start(site, 1);
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

  it('reconnects after the portal drops the connection, with a jittered delay', async () => {
    const first = portal.nextSession(2);
    const { gateway, logs } = start(site, 2);
    await first;
    const disconnected = once(gateway, 'disconnected');
    const second = portal.nextSession(2);
    portal.links.get(2)?.terminate();
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
    const { gateway, logs } = start(site, 3, { key: 'wrong-key' });
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
    const { gateway, logs } = start(site, 4);
    await ready;
    const disconnected = once(gateway, 'disconnected');
    portal.links.get(4)?.close(CLOSE_CODES.replaced, 'replaced');
    expect((await disconnected)[0]).toMatch(/another gateway/);
    expect(logs.entries.find((entry) => entry.msg === 'disconnected from the portal')).toMatchObject({
      retryInMs: 30_000,
    });
  });

  it('dials again at once when the portal drains the tunnel, which stays open for its streams', async () => {
    const first = portal.nextSession(6);
    const { gateway } = start(site, 6);
    const draining = await first;
    // The reports stream never ends by itself: a stream under way while the tunnel drains.
    const underWay = openStream(draining, REPORTS_PATH);
    await once(underWay, 'response');
    const next = portal.nextSession(6);
    const disconnected = once(gateway, 'disconnected');
    draining.goaway(http2.constants.NGHTTP2_NO_ERROR);
    expect((await disconnected)[0]).toBe('the portal is draining');
    expect((await request(await next, '/board/rr_model')).status).toBe(200);
    expect(draining.destroyed).toBe(false);
    expect(underWay.closed).toBe(false);
  });

  it('doubles the window with every failed attempt while the portal is down', async () => {
    const { logs } = start(site, 5, { server: 'http://127.0.0.1:1' });
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

  it('gives up a portal that went silent and dials again', async () => {
    const silent = await siteOf({ direct, silent: true });
    const { gateway } = start(silent, 9, { heartbeat: { intervalMs: 20, deadAfterMs: 150 } });
    await once(gateway, 'connected');
    const [reason] = await once(gateway, 'disconnected');
    expect(reason).toMatch(/heartbeat/);
    await once(gateway, 'connected');
  });
});
