import { boardProxyPath } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayTuning, RunningGateway } from '../apps/gateway/src/index.ts';
import { deadUrl, type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { createGatewayControllers, inBatches, logIn, type Session } from '../test-kit/portal-api.ts';
import { Rig, untilConnected } from './support/rig.ts';

/**
 * Many gateways against one portal: they reconnect by themselves after a portal restart, spread out by their
 * jitter, and a thousand dialling at once all get in. Their boards point at a port where nothing listens: the
 * tunnels are what is under test, and a proxied request then answers 503 (board offline) rather than 502.
 */

const FLEET = 1000;
/** Few enough that the portal's own work on their handshakes is small beside the spread their jitter gives. */
const RESTARTED = 40;
const RECONNECT: GatewayTuning['reconnect'] = { baseMs: 250, capMs: 4_000 };
/** A dial that starts within the cap still needs its handshake and key check on a busy machine. */
const HANDSHAKE_ALLOWANCE_MS = 500;

let portal: RunningPortal;
const rig = new Rig();
let admin: Session;
let board: string;
let credentials: { controller: number; key: string }[];

beforeAll(async () => {
  portal = await startPortal();
  admin = await logIn(portal, 'admin@demo.test');
  board = await deadUrl();
  credentials = await createGatewayControllers(portal, admin, FLEET, 'Fleet gateway');
}, 120_000);

afterAll(async () => {
  await rig.close();
  await portal?.stop();
});

const gatewayOf = ({ controller, key }: { controller: number; key: string }) =>
  rig.gatewayStarting(
    { server: portal.url, controller, key, board },
    // The keep-alive would only find the board offline again and again.
    { tuning: { reconnect: RECONNECT, sessionKeepAliveMs: 3_600_000 } },
  );

/** 503 BOARD_OFFLINE: the portal reached the gateway through its tunnel, and the gateway found no board. */
async function reachable(controller: number): Promise<number> {
  const response = await fetch(`${portal.url}${boardProxyPath('3.6', 'admin', controller, 'rr_model')}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  await response.body?.cancel();
  return response.status;
}

describe('a portal restart', () => {
  it('brings every gateway back by itself within its backoff cap, spread out by its jitter', async () => {
    const gateways = credentials.slice(0, RESTARTED).map(gatewayOf);
    await Promise.all(gateways.map((gateway) => untilConnected(gateway)));

    const reconnectedAt = new Map<RunningGateway, number>();
    for (const gateway of gateways) {
      gateway.once('disconnected', () =>
        gateway.once('connected', () => reconnectedAt.set(gateway, Date.now())),
      );
    }
    expect(await portal.terminate()).toBe(0);
    await portal.restart();
    const readyAt = Date.now();
    await expect
      .poll(() => reconnectedAt.size, { timeout: RECONNECT.capMs + 2_000, interval: 50 })
      .toBe(RESTARTED);

    const times = [...reconnectedAt.values()].sort((a, b) => a - b);
    expect((times.at(-1) as number) - readyAt).toBeLessThanOrEqual(RECONNECT.capMs + HANDSHAKE_ALLOWANCE_MS);
    // Not all in one instant: jitter spreads them over much of a backoff window.
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThan(RECONNECT.baseMs);
    for (const { controller } of credentials.slice(0, 3)) expect(await reachable(controller)).toBe(503);
    await Promise.all(gateways.map((gateway) => gateway.close()));
  });
});

describe('a thousand gateways', () => {
  let gateways: RunningGateway[];

  /**
   * The portal reaches gateways through their own tunnels: every tenth of them is asked (each proxied request
   * costs the portal an access check in its database; the gateways' own state shows they all got in).
   */
  async function expectReachable(): Promise<void> {
    const sample = credentials.filter((_, index) => index % 10 === 0);
    const statuses = await inBatches(sample, 25, ({ controller }) => reachable(controller));
    expect(new Set(statuses)).toEqual(new Set([503]));
  }

  it('all authenticate when they dial at once', async () => {
    gateways = credentials.map(gatewayOf);
    await Promise.all(gateways.map((gateway) => untilConnected(gateway, 60_000)));
    await expectReachable();
  });

  it('all come back when they reconnect at once, after a portal restart', async () => {
    const back = gateways.map(
      (gateway) => new Promise<void>((resolve) => gateway.once('connected', () => resolve())),
    );
    expect(await portal.terminate()).toBe(0);
    await portal.restart();
    await Promise.all(back);
    expect(gateways.every((gateway) => gateway.stats.tunnelConnects >= 2)).toBe(true);
    await expectReachable();
  });
});
