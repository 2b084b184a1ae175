import type { RunningBoard } from '@portal/board-sim';
import { boardProxyPath } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../apps/gateway/src/index.ts';
import { type RunningPortal, startPortal } from '../test-kit/portal.ts';
import { controllerOf, issueGatewayKey, logIn, type Session } from '../test-kit/portal-api.ts';
import { Rig } from './support/rig.ts';

/**
 * A portal instance stopped by SIGTERM (docs/design.md §7): it reports itself unready and tells its gateways to dial
 * again while the requests under way finish, for DRAIN_SECONDS, before it stops listening.
 */

const DRAIN_SECONDS = 3;

let portal: RunningPortal;
const rig = new Rig();
let customer: Session;
let board: RunningBoard;
let gateway: RunningGateway;
let controller: number;
const disconnections: string[] = [];

beforeAll(async () => {
  portal = await startPortal({ DRAIN_SECONDS: String(DRAIN_SECONDS) });
  const admin = await logIn(portal, 'admin@demo.test');
  customer = await logIn(portal, 'customer@demo.test');
  controller = await controllerOf(portal, admin, 'Prusa linea 1');
  board = await rig.board({ name: 'Prusa linea 1' });
  const key = await issueGatewayKey(portal, admin, controller);
  gateway = await rig.gateway({ server: portal.url, controller, key, board: board.url });
  gateway.on('disconnected', (reason) => disconnections.push(reason));
});

afterAll(async () => {
  board.faults.stall = false;
  await rig.close();
  await portal?.stop();
});

describe('a portal instance draining on SIGTERM', () => {
  it('finishes the request under way, reports itself unready and sends its gateways to dial again', async () => {
    board.faults.stall = true;
    const underWay = fetch(
      `${portal.url}${boardProxyPath('3.6', 'customer', controller, 'rr_model?key=state')}`,
      {
        headers: { authorization: `Bearer ${customer.token}` },
      },
    );
    await expect.poll(() => board.faults.stalled, { timeout: 5_000 }).toBe(1);

    const exited = portal.terminate();
    await expect.poll(async () => (await fetch(`${portal.url}/readyz`)).status, { timeout: 2_000 }).toBe(503);
    expect((await fetch(`${portal.url}/livez`)).status).toBe(200);
    // Told to dial again at once (GOAWAY), the gateway leaves the tunnel to its request and is refused a new one
    // here: a load balancer would have sent it to another instance.
    await expect.poll(() => disconnections, { timeout: 2_000 }).toContain('the portal is draining');
    expect(gateway.connected).toBe(false);

    board.faults.stall = false;
    const answer = await underWay;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ key: 'state' });
    expect(await exited).toBe(0);
  });
});
