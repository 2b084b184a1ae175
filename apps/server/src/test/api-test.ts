import type { SlicerDestination } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { loginFailures, machineGroups } from '../db/schema.ts';
import { DEMO_PASSWORD, type DEMO_USERS } from '../demo/demo-fleet.ts';
import type { AppConfig } from '../shared/module.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

type Method = NonNullable<InjectOptions['method']>;
type Runtime = NonNullable<Parameters<typeof createTestApp>[1]>;
/** A value, or a function the test app's start calls for it (for what exists only once other set-up ran). */
export type Given<T> = T | (() => T | Promise<T>);

export const given = <T>(value: Given<T>): Promise<T> =>
  Promise.resolve(typeof value === 'function' ? (value as () => T | Promise<T>)() : value);

type Answer = Promise<LightMyRequestResponse>;

/** A demo user by the local part of the address (`manager` for manager@demo.test). */
type DemoUserName = (typeof DEMO_USERS)[number]['email'] extends `${infer Name}@demo.test` ? Name : never;

/** Calls with a session token already held (undefined: without one). */
export const callWithToken =
  (t: Pick<TestApp, 'app'>) =>
  (token: string | undefined, method: Method, url: string, payload?: unknown): Answer =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
    });

/** Calls as a demo user, by email, with a fresh session (null: without one). */
export const callAsUser =
  (t: Pick<TestApp, 'app' | 'tokenFor'>) =>
  async (viewer: string | null, method: Method, url: string, payload?: unknown): Answer =>
    callWithToken(t)(viewer === null ? undefined : await t.tokenFor(viewer), method, url, payload);

/** The file's test app, with the calls and look-ups its tests share. */
export interface ApiTest extends TestApp {
  call: ReturnType<typeof callAsUser>;
  callWith: ReturnType<typeof callWithToken>;
  /**
   * Sessions of several demo users at once, named by their address's local part (`manager` for
   * manager@demo.test), opened one after another: the token of each, under its name.
   */
  sessionsFor<Name extends DemoUserName>(...names: Name[]): Promise<Record<Name, string>>;
  /** A slicer token of a user for a machine, made through the API as the user makes it (upload, no full control). */
  slicerToken(
    email: string,
    controllerId: number,
    rights?: { full_control?: boolean; destination?: SlicerDestination },
  ): Promise<string>;
  /** Signs in through the login route, as a browser does, and answers the session's token. */
  signIn(email: string, password?: string): Promise<string>;
  /** The business of a user. */
  businessOf(email: string): Promise<number>;
  /** A machine group of the demo fleet, by name. */
  demoGroup(name: string): Promise<typeof machineGroups.$inferSelect>;
  /**
   * The controllers of the demo's three reference machines: business A's with a valid licence (customer@ is
   * assigned to it), A's with an expired one, and business B's.
   */
  demoControllers(): Promise<{ valid: number; expired: number; other: number }>;
  /** Forgets every failed login and every attempt in flight: each test starts with no account held back. */
  forgetLoginFailures(): Promise<void>;
}

/**
 * Sets up an API test file: the real application on a fresh copy of the demo database, started before the
 * file's tests and closed after them (after the file's own afterAll hooks, which vitest runs first). Call it at
 * the top of the file, before the file's own hooks; what the tests read of it exists once the first test runs.
 */
export function useTestApp(config: Given<Partial<AppConfig>> = {}, runtime: Given<Runtime> = {}): ApiTest {
  let current: TestApp | undefined;
  const t = (): TestApp => {
    if (!current) throw new Error('the test app is started in beforeAll: use it in hooks and tests');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(await given(config), await given(runtime));
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });

  const demoGroup: ApiTest['demoGroup'] = async (name) => {
    const [group] = await t().database.db.select().from(machineGroups).where(eq(machineGroups.name, name));
    if (!group) throw new Error(`no demo group ${name}`);
    return group;
  };

  return {
    get app() {
      return t().app;
    },
    get modules() {
      return t().modules;
    },
    get metrics() {
      return t().metrics;
    },
    get routes() {
      return t().routes;
    },
    get database() {
      return t().database;
    },
    get clock() {
      return t().clock;
    },
    get outbox() {
      return t().outbox;
    },
    tokenFor: (email) => t().tokenFor(email),
    renewableSessionFor: (email) => t().renewableSessionFor(email),
    idOf: (email) => t().idOf(email),
    close: () => t().close(),
    callWith: (token, method, url, payload) => callWithToken(t())(token, method, url, payload),
    call: (viewer, method, url, payload) => callAsUser(t())(viewer, method, url, payload),
    async sessionsFor<Name extends DemoUserName>(...names: Name[]) {
      const tokens: Partial<Record<Name, string>> = {};
      for (const name of names) tokens[name] = await t().tokenFor(`${name}@demo.test`);
      return tokens as Record<Name, string>;
    },
    async slicerToken(email, controllerId, rights = {}) {
      const created = await callAsUser(t())(
        email,
        'POST',
        `/api/v1/customer/printer/duet/${controllerId}/token`,
        {
          can_connect: true,
          can_upload_files: true,
          full_control: false,
          ...rights,
        },
      );
      expect(created.statusCode, created.body).toBe(200);
      return created.json().api_token;
    },
    async signIn(email, password = DEMO_PASSWORD) {
      const response = await callWithToken(t())(undefined, 'POST', '/api/v1/auth', { email, password });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().access_token;
    },
    async businessOf(email) {
      const user = await t().modules.users.repository.findById(await t().idOf(email));
      if (!user) throw new Error(`no demo user ${email}`);
      return user.businessId;
    },
    demoGroup,
    async demoControllers() {
      const controllerOf = async (name: string) => (await demoGroup(name)).computerControllerId;
      return {
        valid: await controllerOf('Prusa linea 1'),
        expired: await controllerOf('Voron prototipi'),
        other: await controllerOf('RatRig produzione'),
      };
    },
    async forgetLoginFailures() {
      await t().database.db.delete(loginFailures);
      t().modules.auth.gate.clear();
    },
  };
}
