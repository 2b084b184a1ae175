import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * When each housekeeping task is next due, for the whole deployment: the instance whose claim moves it on runs the
 * task, so a task runs once per period however many instances there are (modules/housekeeping).
 */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  task: varchar({ length: 64 }).primaryKey(),
  nextRunAt: timestamp({ withTimezone: true }).notNull(),
});
