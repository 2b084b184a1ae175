import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { businesses, machineGroups, machineJobs } from '../../db/schema.ts';

/** A machine group the insight shows, with its business's name. */
export interface InsightMachineRow {
  id: number;
  name: string;
  location: string;
  businessId: number;
  businessName: string;
}

/** A group's finished jobs of one week (its Monday, UTC), summed in the database. */
export interface InsightWeekRow {
  machineGroupId: number;
  week: string;
  printSeconds: number;
  jobs: number;
  completed: number;
  cancelled: number;
  interrupted: number;
  filamentMm: number;
}

/**
 * The Monday (UTC) of a job's finish, as `YYYY-MM-DD`: `date_trunc('week', …)` starts weeks on Monday, and the time
 * is read in UTC first so that the database session's time zone never moves a job to another week.
 */
const weekOfJob = sql<string>`to_char(date_trunc('week', ${machineJobs.finishedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

const countOutcome = (outcome: string) =>
  sql<number>`count(*) filter (where ${machineJobs.outcome} = ${outcome})`.mapWith(Number);

export class InsightRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async businessExists(id: number): Promise<boolean> {
    const [row] = await this.#db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id));
    return row !== undefined;
  }

  /** The machine groups `where` selects (the viewer's visibility and filters), by name. */
  machines(where: SQL | undefined): Promise<InsightMachineRow[]> {
    return this.#db
      .select({
        id: machineGroups.id,
        name: machineGroups.name,
        location: machineGroups.location,
        businessId: machineGroups.businessId,
        businessName: businesses.name,
      })
      .from(machineGroups)
      .innerJoin(businesses, eq(businesses.id, machineGroups.businessId))
      .where(where)
      .orderBy(asc(machineGroups.name), asc(machineGroups.id));
  }

  /**
   * The jobs of the groups `groupIds` that finished from `from` (included) to `until` (excluded), summed per group
   * and week: print seconds, jobs, each outcome's jobs, filament millimetres. A job counts under the group it was
   * recorded for; weeks without a job have no row.
   */
  async weeks(groupIds: number[], from: Date, until: Date): Promise<InsightWeekRow[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.#db
      .select({
        machineGroupId: machineJobs.machineGroupId,
        week: weekOfJob,
        printSeconds: sql<number>`coalesce(sum(${machineJobs.printSeconds}), 0)`.mapWith(Number),
        jobs: sql<number>`count(*)`.mapWith(Number),
        completed: countOutcome('completed'),
        cancelled: countOutcome('cancelled'),
        interrupted: countOutcome('interrupted'),
        filamentMm: sql<number>`coalesce(sum(${machineJobs.filamentMm}), 0)`.mapWith(Number),
      })
      .from(machineJobs)
      .where(
        and(
          inArray(machineJobs.machineGroupId, groupIds),
          gte(machineJobs.finishedAt, from),
          lt(machineJobs.finishedAt, until),
        ),
      )
      .groupBy(machineJobs.machineGroupId, weekOfJob);
    return rows.flatMap((row) =>
      row.machineGroupId === null ? [] : [{ ...row, machineGroupId: row.machineGroupId }],
    );
  }
}
