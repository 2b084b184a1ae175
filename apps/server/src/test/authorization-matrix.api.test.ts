import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './api-test.ts';
import { ACCESS_TABLE } from './authorization/access-table.ts';
import { type Fixtures, loadFixtures } from './authorization/fixtures.ts';
import { connectEveryMachine, matrixFailures, routeKey } from './authorization/matrix.ts';
import type { FakeGateway } from './fake-gateway.ts';

const t = useTestApp();
let f: Fixtures;
let gateways: FakeGateway[];

beforeAll(async () => {
  f = await loadFixtures(t);
  gateways = await connectEveryMachine(t, t.modules.gateway.registry);
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.disconnect()));
});

const registered = () => t.routes.filter((route) => route.method !== 'HEAD');

describe('the authorization matrix', () => {
  it('declares who may call every route the app registers, and nothing else', () => {
    expect(Object.keys(ACCESS_TABLE).sort()).toEqual(registered().map(routeKey).sort());
    for (const route of registered()) {
      expect(Boolean(ACCESS_TABLE[routeKey(route)]?.public), routeKey(route)).toBe(route.public);
    }
  });

  it('holds every route to its row: anonymous, each role, own and other business', async () => {
    expect(await matrixFailures(t.app, registered(), f)).toEqual([]);
    // Hundreds of requests in one test: every module adds rows, and a busy machine runs them slowly.
  }, 180_000);
});
