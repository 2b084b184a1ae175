import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A table of requests counted per key ("issue:<address>", "email:<hash>", …) in fixed windows, for
 * window-counter.ts. Apart from it, so that the schema files declaring such tables do not reach the database code.
 */
export const windowCounterTable = <Name extends string>(name: Name) =>
  pgTable(name, {
    key: varchar({ length: 300 }).primaryKey(),
    requests: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  });

export type WindowCounterTable = ReturnType<typeof windowCounterTable<string>>;
