import { sql } from 'drizzle-orm';
import { type ModuleDeps, routesOf } from '../../shared/module.ts';
import { healthRoutes } from './health.routes.ts';

/** Liveness and readiness probes. */
export function createHealthModule({ db }: ModuleDeps) {
  const ping = async () => {
    await db.execute(sql`select 1`);
  };
  return { publicRoutes: routesOf(healthRoutes, { ping }) };
}
