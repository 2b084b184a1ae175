import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp, type Modules, type RegisteredRoute } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { ClusterMembership } from '../modules/gateway/gateway.module.ts';
import type { ClusterBus } from '../shared/cluster-bus.ts';
import type { Metrics } from '../shared/metrics.ts';
import type { AppConfig } from '../shared/module.ts';
import { TEST_CONFIG, TEST_START } from './test-config.ts';
import { openTestDatabase } from './test-database.ts';

export { TEST_JWT_SECRET } from './test-config.ts';

/** A clock the test moves by hand. */
export function manualClock(start = TEST_START) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  modules: Modules;
  metrics: Metrics;
  /** Every API route as registered, with whether it is public. */
  routes: RegisteredRoute[];
  database: DatabaseHandle;
  clock: ReturnType<typeof manualClock>;
  /** The folder mails land in: this app's own unless the options give mail settings of their own. */
  outbox: string;
  /** Opens a session for a demo user directly (no password hashing) and returns its token. */
  tokenFor(email: string): Promise<string>;
  /** The same, with the session's renewal token as the browser's cookie header would carry it. */
  renewableSessionFor(email: string): Promise<{ token: string; cookie: string }>;
  /** The id of a demo user. */
  idOf(email: string): Promise<number>;
  close(): Promise<void>;
}

/** The real application on a fresh copy of the demo database, with a manual clock (and no log unless given). */
export async function createTestApp(
  options: Partial<AppConfig> = {},
  {
    logger,
    bus,
    cluster,
  }: { logger?: FastifyServerOptions['logger']; bus?: ClusterBus; cluster?: ClusterMembership } = {},
): Promise<TestApp> {
  const database = await openTestDatabase('demo');
  const clock = manualClock();
  // Mails nobody reads land in a folder of this app's own, gone when it closes; a test reading mail gives its own.
  const outbox = options.mail ? undefined : await mkdtemp(path.join(tmpdir(), 'portal-api-outbox-'));
  const { app, modules, routes, metrics } = await buildApp({
    config: {
      ...TEST_CONFIG,
      ...(outbox && { mail: { ...TEST_CONFIG.mail, outboxDir: outbox } }),
      ...options,
    },
    db: database.db,
    clock: clock.now,
    logger,
    bus,
    cluster,
    checkAnswers: true,
  });
  await app.ready();
  const userOf = async (email: string) => {
    const user = await modules.users.repository.findWithBusinessStateByEmail(email);
    if (!user) throw new Error(`no demo user ${email}`);
    return user;
  };
  return {
    app,
    modules,
    metrics,
    routes,
    database,
    clock,
    outbox: outbox ?? options.mail?.outboxDir ?? TEST_CONFIG.mail.outboxDir,
    async tokenFor(email) {
      return (await modules.auth.service.openSession(await userOf(email))).accessToken;
    },
    async renewableSessionFor(email) {
      const issued = await modules.auth.service.openSession(await userOf(email));
      return { token: issued.accessToken, cookie: `portal_renewal=${issued.renewal?.token}` };
    },
    async idOf(email) {
      return (await userOf(email)).id;
    },
    async close() {
      await app.close();
      await database.close();
      if (outbox) await rm(outbox, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Another instance of `first`'s deployment: the same database and clock, an app and modules of its own. */
export async function anotherInstance(
  first: TestApp,
  options: Partial<AppConfig>,
  bus: ClusterBus,
  cluster?: ClusterMembership,
): Promise<Pick<TestApp, 'app' | 'modules'>> {
  const { app, modules } = await buildApp({
    config: { ...TEST_CONFIG, ...options },
    db: first.database.db,
    clock: first.clock.now,
    bus,
    cluster,
    checkAnswers: true,
  });
  await app.ready();
  return { app, modules };
}
