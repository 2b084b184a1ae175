import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { businesses, computerControllers, licenses, machineGroups } from '../db/schema.ts';
import { bearer, type TestApp } from './test-app.ts';

type Method = NonNullable<InjectOptions['method']>;

/**
 * Calls as a demo user (null: without a session), one session per user per test app; and finds demo
 * rows by name, so tests read as the fleet rather than as ids.
 */
export function demoClient(t: TestApp) {
  const tokens = new Map<string, Promise<string>>();
  const headersOf = async (email: string | null) => {
    if (email === null) return {};
    if (!tokens.has(email)) tokens.set(email, t.tokenFor(email));
    return bearer(await (tokens.get(email) as Promise<string>));
  };
  const one = async <Row>(rows: Promise<Row[]>, what: string): Promise<Row> => {
    const [row] = await rows;
    if (!row) throw new Error(`no demo ${what}`);
    return row;
  };
  // Read when called: a client made before its app starts (useTestApp's) finds the started app.
  const db = () => t.database.db;
  return {
    call: async (email: string | null, method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, headers: await headersOf(email), ...(payload && { payload }) }),
    businessId: async (name: 'A' | 'B' | 'operator') => {
      const where =
        name === 'operator'
          ? eq(businesses.operator, true)
          : eq(businesses.name, name === 'A' ? 'Officine Adriatiche S.p.A.' : 'Brenta Prototipi S.r.l.');
      return (await one(db().select({ id: businesses.id }).from(businesses).where(where), 'business')).id;
    },
    group: (name: string) =>
      one(db().select().from(machineGroups).where(eq(machineGroups.name, name)), `group ${name}`),
    controller: (id: number) =>
      one(db().select().from(computerControllers).where(eq(computerControllers.id, id)), `controller ${id}`),
    controllerNamed: (name: string) =>
      one(
        db().select().from(computerControllers).where(eq(computerControllers.name, name)),
        `controller ${name}`,
      ),
    licensesOf: (businessId: number) =>
      db().select().from(licenses).where(eq(licenses.businessId, businessId)),
  };
}
