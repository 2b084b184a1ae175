import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/database.ts';
import { DEMO_PASSWORD, seedDemoFleet } from '../demo/demo-fleet.ts';
import { PasswordHasher } from '../modules/auth/password-hasher.ts';
import { BusinessRepository } from '../modules/business/business.repository.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256!';

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-11-21T09:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/**
 * A fresh database with the real migrations: in-memory PGlite, or a new database on the PostgreSQL
 * server of DATABASE_URL when the suite runs as `api-postgres`.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE !== 'postgres') return openPglite(undefined);
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: ReturnType<typeof manualClock>;
  /** Logs in a demo user and returns the session token. */
  tokenFor(email: string): Promise<string>;
  /** The id of a demo user. */
  idOf(email: string): Promise<number>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: { sessionTtlSeconds?: number; trustProxy?: string[]; webDist?: string } = {},
) {
  const database = await openTestDatabase();
  const hasher = new PasswordHasher();
  const users = new UsersRepository(database.db);
  await seedDemoFleet({ users, businesses: new BusinessRepository(database.db), hasher });
  const clock = manualClock();
  const app = await buildApp({
    config: {
      sessionTtlSeconds: options.sessionTtlSeconds ?? 3600,
      trustProxy: options.trustProxy ?? false,
      webDist: options.webDist,
    },
    database,
    jwtSecret: TEST_JWT_SECRET,
    now: clock.now,
    hasher,
  });
  await app.ready();
  const testApp: TestApp = {
    app,
    database,
    clock,
    async tokenFor(email) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        payload: { email, password: DEMO_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login of ${email} failed: ${response.body}`);
      return response.json<{ access_token: string }>().access_token;
    },
    async idOf(email) {
      const user = await users.findWithBusinessStateByEmail(email);
      if (!user) throw new Error(`no demo user ${email}`);
      return user.id;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return testApp;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
