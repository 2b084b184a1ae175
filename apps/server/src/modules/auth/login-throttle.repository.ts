import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { loginFailures } from '../../db/schema.ts';

export interface FailureCount {
  failures: number;
  windowStartedAt: Date;
  lastFailureAt: Date;
}

/** Failed-login counters, kept in the database so that every portal instance sees the same counts. */
export class LoginThrottleRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async find(keys: string[]): Promise<Map<string, FailureCount>> {
    const rows = await this.#db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
    return new Map(rows.map((row) => [row.key, row]));
  }

  /** Counts one more failure for each key, starting a fresh window where the old one is over. */
  async recordFailure(keys: string[], now: Date, windowMs: number): Promise<void> {
    const windowOver = sql`${loginFailures.windowStartedAt} <= ${new Date(now.getTime() - windowMs)}`;
    await this.#db
      .insert(loginFailures)
      .values(keys.map((key) => ({ key, failures: 1, windowStartedAt: now, lastFailureAt: now })))
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${windowOver} then 1 else ${loginFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then excluded.window_started_at else ${loginFailures.windowStartedAt} end`,
          lastFailureAt: sql`excluded.last_failure_at`,
        },
      });
  }

  async clear(key: string): Promise<void> {
    await this.#db.delete(loginFailures).where(eq(loginFailures.key, key));
  }
}
