import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { businesses } from '../db/schema.ts';
import { useTestApp } from './api-test.ts';
import { ACCESS_TABLE } from './authorization/access-table.ts';
import { loadFixtures } from './authorization/fixtures.ts';
import { injectRoute } from './inject-route.ts';
import { expectNoServerFault } from './server-faults.ts';
import { bearer, createTestApp } from './test-app.ts';

const t = useTestApp();

/** Path parameters as a client could send them: ids, near-ids, words and escapes. */
const param = fc.oneof(
  fc.integer({ min: -5, max: 2 ** 33 }).map(String),
  fc.constantFrom('0', '01', '1.0', '0x10', '+1', '1e3', '%2F', '%00', '..', 'null'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const query = fc.dictionary(
  fc.constantFrom(
    'page',
    'pageSize',
    'sort',
    'order',
    'q',
    'business',
    'business_id',
    'unused',
    'include_computer',
    'include_license',
    'controller',
    'ticket',
    'open',
    'awaiting',
    'machineType',
    'location',
    'x',
  ),
  fc.oneof(fc.string({ maxLength: 8 }), fc.integer().map(String)),
  { maxKeys: 4 },
);
/** Bodies: any JSON, and objects whose keys are the contract's field names with values of any type. */
const body = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'passwordConfirmation',
      'name',
      'surname',
      'role',
      'business',
      'enabled',
      'expiry',
      'activation',
      'computer',
      'machine',
      'board',
      'firmware',
      'location',
      'description',
      'license',
      'type',
      'active',
      'cap',
      'reason',
      'hours',
      'accept',
      'comment',
      'required',
      'machineType',
      'everyHours',
      'everyJobs',
      'everyMetres',
      'everyDays',
      'instruction',
      'link',
      'task',
      'note',
      'parts',
      'date',
    ),
    fc.jsonValue({ maxDepth: 1 }),
  ),
);

const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('generated requests to every route', () => {
  it('never answer 5xx, and every error answer has the error format', async () => {
    // Logging out would only end the session the next requests use.
    const routes = t.routes.filter(
      (route) => route.method !== 'HEAD' && key(route) !== 'DELETE /api/v1/auth',
    );
    expect(routes.length).toBeGreaterThan(3);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(param, { minLength: 3, maxLength: 3 }),
        query,
        body,
        async (route, params, search, payload) => {
          let i = 0;
          const path = route.url.replace(/:\w+/g, () => params[i++] ?? '1');
          const qs = new URLSearchParams(search).toString();
          const response = await injectRoute(
            t.app,
            {
              method: route.method as 'GET',
              url: qs ? `${path}?${qs}` : path,
              // An administrator reaches every route, so generated input gets past authorization to validation.
              headers: bearer(await t.tokenFor('admin@demo.test')),
              ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: payload as never }),
            },
            { streams: ACCESS_TABLE[key(route)]?.stream },
          );
          expectNoServerFault(response, `${route.method} ${path}`);
        },
      ),
      { numRuns: 300, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31) },
    );
  });
});

/** How a well-formed request is bent: kept as it is, a field dropped, or a field given any JSON value. */
const mutation = fc.oneof(
  fc.constant({ kind: 'keep' as const }),
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: fc.jsonValue({ maxDepth: 2 }) }),
);

function mutate(payload: unknown, change: Mutation): unknown {
  if (change.kind === 'keep' || typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return payload;
  }
  const keys = Object.keys(payload);
  const key = keys[change.pick % Math.max(1, keys.length)];
  if (key === undefined) return payload;
  const copy: Record<string, unknown> = { ...payload };
  if (change.kind === 'drop') delete copy[key];
  else copy[key] = change.value;
  return copy;
}
type Mutation =
  | { kind: 'keep' }
  | { kind: 'drop'; pick: number }
  | { kind: 'replace'; pick: number; value: unknown };

describe('well-formed requests to every route, kept or bent one field at a time', () => {
  it('never answer 5xx, and every error answer has the error format', async () => {
    // A fresh copy of the demo database: the random requests above may have deleted the fixtures' users or groups.
    const fresh = await createTestApp();
    onTestFinished(() => fresh.close());
    const f = await loadFixtures(fresh);
    const routes = fresh.routes.filter(
      (route) => route.method !== 'HEAD' && key(route) !== 'DELETE /api/v1/auth',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), mutation, async (route, change) => {
        const access = ACCESS_TABLE[key(route)];
        if (!access) throw new Error(`no matrix row for ${key(route)}`);
        // The matrix's request builders make valid requests (fresh objects where they are used up).
        const { url, payload } = await access.request(f, 'own', 'administrator');
        const response = await injectRoute(
          fresh.app,
          {
            method: route.method as 'GET',
            url,
            headers: bearer(await fresh.tokenFor('admin@demo.test')),
            ...(payload === undefined ? {} : { payload: mutate(payload, change) as never }),
          },
          { streams: access.stream },
        );
        expectNoServerFault(response, `${route.method} ${url}`);
        // A bent body may have suspended a side's business (`active: false`): the next builders sign its people in.
        await fresh.database.db
          .update(businesses)
          .set({ active: true })
          .where(inArray(businesses.id, [f.business.own, f.business.other]));
      }),
      { numRuns: 200, seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31) },
    );
    // Two hundred requests, each with fresh fixtures (a ticket, a user, a session) built first: more than the
    // default 30 s on a busy machine.
  }, 120_000);
});
