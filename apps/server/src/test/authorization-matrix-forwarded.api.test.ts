import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, loadFixtures } from './authorization/fixtures.ts';
import { connectEveryMachine, matrixFailures } from './authorization/matrix.ts';
import type { FakeGateway } from './fake-gateway.ts';
import { startTwoInstances, type TwoInstances } from './two-instances.ts';

/**
 * The authorization matrix's rows of every route that reaches a machine through its tunnel, on the instance that does
 * not hold the tunnels (docs/design.md §7): the receiving instance decides, and the holder checks the user again.
 */

let instances: TwoInstances;
let f: Fixtures;
let gateways: FakeGateway[];

beforeAll(async () => {
  instances = await startTwoInstances();
  f = await loadFixtures(instances.first);
  gateways = await connectEveryMachine(instances.first, instances.first.modules.gateway.registry);
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.disconnect()));
  await instances.close();
});

/** The routes whose requests go through a machine's tunnel: the proxy, the slicer faces and downloads. */
const THROUGH_TUNNEL =
  /^(\/proxy\/|\/customer\/api\/v1\/(duet|octoprint)\/|\/api\/v1\/machines\/:id\/download$)/;

describe('the authorization matrix on an instance that forwards', () => {
  it('holds every route reaching a machine to its row when another instance holds the tunnel', async () => {
    const routes = instances.first.routes.filter(
      (route) => route.method !== 'HEAD' && THROUGH_TUNNEL.test(route.url),
    );
    expect(routes.length).toBeGreaterThan(10);
    // Every machine is online for the second instance, and none of its tunnels is held there.
    const { gateway } = instances.second.modules;
    await expect.poll(() => gateway.tunnels.onlineControllers().length).toBe(gateways.length);
    expect(gateway.held.onlineControllers()).toEqual([]);
    expect(await matrixFailures(instances.second.app, routes, f)).toEqual([]);
  }, 120_000);
});
