import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computerControllers } from '../db/schema.ts';
import { ACCESS_TABLE } from './authorization/access-table.ts';
import {
  CALLERS,
  type Fixtures,
  loadFixtures,
  type RoleCaller,
  type Side,
} from './authorization/fixtures.ts';
import type { Reach } from './authorization/route-access.ts';
import { answerJson, connectFakeGateway, type FakeGateway, type StreamHandler } from './fake-gateway.ts';
import { injectRoute } from './inject-route.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let f: Fixtures;

let gateways: FakeGateway[];

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t);
  // Every machine answers, so an allowed proxy request succeeds and only the rules can refuse it.
  const controllers = await t.database.db.select({ id: computerControllers.id }).from(computerControllers);
  gateways = await Promise.all(
    controllers.map(({ id }) => connectFakeGateway(t.modules.gateway.registry, id, answerBoard)),
  );
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.disconnect()));
  await t.close();
});

/** A board that reads whatever it is sent and answers `{}`. */
const answerBoard: StreamHandler = (stream) => {
  stream.resume();
  stream.on('end', () => answerJson({})(stream, {}));
};

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const registered = () => t.routes.filter((route) => route.method !== 'HEAD');

/** Whether a caller whose reach is `reach` may act on the object of `side` (for 'self': its own record). */
function allowed(reach: Reach, side: Side, caller: RoleCaller): boolean {
  if (reach === 'all') return true;
  if (reach === 'own') return side === 'own';
  if (reach === 'self') return side === 'own' && caller === 'customer';
  return false;
}

describe('the authorization matrix', () => {
  it('declares who may call every route the app registers, and nothing else', () => {
    expect(Object.keys(ACCESS_TABLE).sort()).toEqual(registered().map(key).sort());
    for (const route of registered()) {
      expect(Boolean(ACCESS_TABLE[key(route)]?.public), key(route)).toBe(route.public);
    }
  });

  it('holds every route to its row: anonymous, each role, own and other business', async () => {
    const failures: string[] = [];
    for (const route of registered()) {
      const access = ACCESS_TABLE[key(route)];
      if (!access) continue;
      const callers = Object.entries(CALLERS) as [keyof typeof CALLERS, string | null][];
      for (const [caller, email] of callers) {
        for (const side of ['own', 'other'] as const) {
          const roleCaller = (caller === 'anonymous' ? 'customer' : caller) as RoleCaller;
          const request = await access.request(f, side, roleCaller);
          const { url, payload } = request;
          // A route's own credentials (a slicer's API key) beside the caller's session.
          const headers = { ...(email ? bearer(await t.tokenFor(email)) : {}), ...request.headers };
          const response = await injectRoute(
            t.app,
            { method: route.method as 'GET', url, headers, payload: payload as never },
            { streams: access.stream },
          );
          const status = response.statusCode;
          let ok: boolean;
          if (access.public) ok = status < 400 || status === 429;
          else if (caller === 'anonymous') ok = status === 401;
          else {
            // A technician's or customer's own record is the customer fixture only for the customer ('self').
            const reach = access.roles?.[caller] ?? 'none';
            const may = allowed(reach, side, caller);
            ok = may ? status < 400 : (access.refusedWith ?? [403, 404]).includes(status);
          }
          if (!ok)
            failures.push(`${key(route)} as ${caller} on ${side}: ${status} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Hundreds of requests in one test: every module adds rows, and a busy machine runs them slowly.
  }, 180_000);
});
