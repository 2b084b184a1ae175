import type { FastifyInstance } from 'fastify';
import { computerControllers } from '../../db/schema.ts';
import type { InProcessTunnelRegistry } from '../../modules/gateway/tunnel-registry.ts';
import { answerJson, connectFakeGateway, type FakeGateway, type StreamHandler } from '../fake-gateway.ts';
import { injectRoute } from '../inject-route.ts';
import { bearer, type TestApp } from '../test-app.ts';
import { ACCESS_TABLE } from './access-table.ts';
import { CALLERS, type Fixtures, type RoleCaller, type Side } from './fixtures.ts';
import type { Reach } from './route-access.ts';

/** A board that reads whatever it is sent and answers `{}`. */
const answerBoard: StreamHandler = (stream) => {
  stream.resume();
  stream.on('end', () => answerJson({})(stream, {}));
};

/** A fake gateway for every controller of the database, on `registry`: an allowed proxy request succeeds, so only the rules can refuse it. */
export async function connectEveryMachine(
  t: TestApp,
  registry: InProcessTunnelRegistry,
): Promise<FakeGateway[]> {
  const controllers = await t.database.db.select({ id: computerControllers.id }).from(computerControllers);
  return Promise.all(controllers.map(({ id }) => connectFakeGateway(registry, id, answerBoard)));
}

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Whether a caller whose reach is `reach` may act on the object of `side` (for 'self': its own record). */
function allowed(reach: Reach, side: Side, caller: RoleCaller): boolean {
  if (reach === 'all') return true;
  if (reach === 'own') return side === 'own';
  if (reach === 'self') return side === 'own' && caller === 'customer';
  return false;
}

/**
 * Every route of `routes` as its ACCESS_TABLE row says, called on `app` by nobody and by each role, about an object
 * of the callers' business and of another one; returns what answered otherwise than the row allows.
 */
export async function matrixFailures(
  app: FastifyInstance,
  routes: readonly { method: string; url: string }[],
  f: Fixtures,
): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    const access = ACCESS_TABLE[routeKey(route)];
    if (!access) continue;
    const callers = Object.entries(CALLERS) as [keyof typeof CALLERS, string | null][];
    for (const [caller, email] of callers) {
      for (const side of ['own', 'other'] as const) {
        const roleCaller = (caller === 'anonymous' ? 'customer' : caller) as RoleCaller;
        const request = await access.request(f, side, roleCaller);
        const { url, payload } = request;
        // A route's own credentials (a slicer's API key) beside the caller's session.
        const headers = { ...(email ? bearer(await f.t.tokenFor(email)) : {}), ...request.headers };
        const response = await injectRoute(
          app,
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
          failures.push(
            `${routeKey(route)} as ${caller} on ${side}: ${status} ${response.body.slice(0, 120)}`,
          );
      }
    }
  }
  return failures;
}
