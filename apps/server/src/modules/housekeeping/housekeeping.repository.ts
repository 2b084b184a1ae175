import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { housekeepingRuns } from './housekeeping.schema.ts';

/** The deployment's schedule of housekeeping tasks, shared by every instance through the database. */
export class HousekeepingRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /**
   * Claims the task's run due at `now`, moving its next run to `next`: true for exactly one of the instances
   * asking while it is due (the row's update is atomic), false while it is not due yet.
   */
  async claim(task: string, now: Date, next: Date): Promise<boolean> {
    const claimed = await this.#db
      .insert(housekeepingRuns)
      .values({ task, nextRunAt: next })
      .onConflictDoUpdate({
        target: housekeepingRuns.task,
        set: { nextRunAt: next },
        setWhere: sql`${housekeepingRuns.nextRunAt} <= ${now}`,
      })
      .returning({ task: housekeepingRuns.task });
    return claimed.length > 0;
  }
}
