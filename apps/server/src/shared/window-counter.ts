import { inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import type { WindowCounterTable } from './window-counter-table.ts';

/** A fixed-window count after this request. */
export interface WindowCount {
  requests: number;
  windowStartedAt: Date;
}

/** Milliseconds until one more request is allowed under `limit`, or 0 when this one is within it. */
export function windowWait(count: WindowCount, limit: number, windowMs: number, now: Date): number {
  if (count.requests <= limit) return 0;
  return Math.max(1, count.windowStartedAt.getTime() + windowMs - now.getTime());
}

/**
 * Requests counted per key in fixed windows of `windowMs`, in the database so that every instance shares them
 * (the pairing and the recovery limits).
 */
export class WindowCounter {
  readonly #db: Database;
  readonly #table: WindowCounterTable;
  readonly #windowMs: number;

  constructor(db: Database, table: WindowCounterTable, windowMs: number) {
    this.#db = db;
    this.#table = table;
    this.#windowMs = windowMs;
  }

  /**
   * Counts one request under `key`, in one statement so that concurrent requests each see the ones before them;
   * a window that is over starts again at this request.
   */
  async count(key: string, now: Date): Promise<WindowCount> {
    const current = this.#table;
    const window = sql.raw(`interval '${this.#windowMs / 1000} seconds'`);
    const windowOver = sql`${current.windowStartedAt} <= excluded.window_started_at - ${window}`;
    const [row] = await this.#db
      .insert(current)
      .values({ key, requests: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: current.key,
        set: {
          requests: sql`case when ${windowOver} then 1 else ${current.requests} + 1 end`,
          windowStartedAt: sql`case when ${windowOver} then excluded.window_started_at else ${current.windowStartedAt} end`,
        },
      })
      .returning({ requests: current.requests, windowStartedAt: current.windowStartedAt });
    if (!row) throw new Error(`counting a request under ${key} returned no row`);
    return row;
  }

  /** Deletes the counters whose window is over (housekeeping), skipping any a request holds now. */
  async pruneOver(now: Date): Promise<void> {
    const current = this.#table;
    const windowStart = new Date(now.getTime() - this.#windowMs);
    const over = this.#db
      .select({ key: current.key })
      .from(current)
      .where(lte(current.windowStartedAt, windowStart))
      .for('update', { skipLocked: true });
    await this.#db.delete(current).where(inArray(current.key, over));
  }
}
