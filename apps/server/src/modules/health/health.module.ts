import { sql } from 'drizzle-orm';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { healthRoutes } from './health.routes.ts';
import { Readiness } from './readiness.ts';

/** Liveness and readiness probes; `readiness` is where a SIGTERM drains the instance. */
export function createHealthModule({ db }: ModuleDeps) {
  const readiness = new Readiness();
  readiness.require('database', async () => {
    await db.execute(sql`select 1`);
  });
  return { readiness, publicRoutes: routesOf(healthRoutes, { readiness }) };
}
