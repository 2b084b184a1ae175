import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TABLE } from './authorization/access-table.ts';
import { type Fixtures, loadFixtures } from './authorization/fixtures.ts';
import { connectEveryMachine, matrixFailures, routeKey } from './authorization/matrix.ts';
import type { FakeGateway } from './fake-gateway.ts';
import { injectRoute } from './inject-route.ts';
import { expectNoServerFault } from './server-faults.ts';
import { bearer } from './test-app.ts';
import { useTwoInstances } from './two-instances.ts';

/**
 * Every route that reaches a machine through its tunnel, on the instance that does not hold the tunnels
 * (docs/design.md §7): the authorization matrix's rows (the receiving instance decides, and the holder checks the
 * user again), and generated input, which must fail as it does on one instance.
 */

const instances = useTwoInstances();
let f: Fixtures;
let gateways: FakeGateway[];

beforeAll(async () => {
  f = await loadFixtures(instances.first);
  gateways = await connectEveryMachine(instances.first, instances.first.modules.gateway.registry);
  // Every machine is online for the second instance, and none of its tunnels is held there.
  const { gateway } = instances.second.modules;
  await vi.waitFor(() => expect(gateway.tunnels.onlineControllers()).toHaveLength(gateways.length));
  expect(gateway.held.onlineControllers()).toEqual([]);
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.disconnect()));
});

/** The routes whose requests go through a machine's tunnel: the proxy, the slicer faces and downloads. */
const THROUGH_TUNNEL =
  /^(\/proxy\/|\/customer\/api\/v1\/(duet|octoprint)\/|\/api\/v1\/machines\/:id\/download$)/;

const routes = () =>
  instances.first.routes.filter((route) => route.method !== 'HEAD' && THROUGH_TUNNEL.test(route.url));

describe('the routes reaching a machine, on an instance that forwards', () => {
  it('holds every route reaching a machine to its row when another instance holds the tunnel', async () => {
    expect(routes().length).toBeGreaterThan(10);
    expect(await matrixFailures(instances.second.app, routes(), f)).toEqual([]);
  }, 120_000);

  it('never answer generated input with a fault: valid requests bent in their path, query and body', async () => {
    const tail = fc.oneof(
      fc.constantFrom('', '/..', '/%2e%2e/x', '%00', '?key=%ff', '&name=0:/gcodes/../../x', '/ /x'),
      fc.string({ maxLength: 16 }).map(encodeURIComponent),
    );
    const payload = fc.oneof(
      fc.string({ maxLength: 64 }),
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes()), tail, payload, async (route, bent, body) => {
        const access = ACCESS_TABLE[routeKey(route)];
        if (!access) throw new Error(`no matrix row for ${routeKey(route)}`);
        const { url, headers } = await access.request(f, 'own', 'administrator');
        const response = await injectRoute(
          instances.second.app,
          {
            method: route.method as 'GET',
            url: `${url}${bent}`,
            headers: {
              ...bearer(await f.t.tokenFor('admin@demo.test')),
              'content-type': 'text/plain',
              ...headers,
            },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body }),
          },
          { streams: access.stream },
        );
        expectNoServerFault(response, `${route.method} ${url}${bent}`);
      }),
      { numRuns: 150, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 120_000);
});
