import { Readable } from 'node:stream';
import {
  type FleetInsight,
  type fleetInsightQuerySchema,
  insightPeriod,
  utcDayStart,
} from '@portal/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { machineGroups } from '../../db/schema.ts';
import { AppError, invalidField, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { csvWriter } from '../../shared/csv.ts';
import type { Viewer } from '../machine-groups/machine-groups.policy.ts';
import { CSV_COLUMNS, csvRows, toFleetInsight } from './insight.mapper.ts';
import { mayFilterBusiness, maySeeInsight, visibleMachineGroups } from './insight.policy.ts';
import type { InsightRepository } from './insight.repository.ts';

type InsightQuery = z.output<typeof fleetInsightQuerySchema>;

const DAY_MS = 86_400_000;

/** How the fleet was used (docs/design.md §12): per machine and week, from the jobs the maintenance module records. */
export class InsightService {
  readonly #repository: InsightRepository;
  readonly #clock: Clock;

  constructor(repository: InsightRepository, clock: Clock) {
    this.#repository = repository;
    this.#clock = clock;
  }

  /** The machines the viewer sees (filtered), each with its figures per week of the period, and the fleet's. */
  async insight(viewer: Viewer, query: InsightQuery): Promise<FleetInsight> {
    if (!maySeeInsight(viewer)) {
      throw new AppError('FORBIDDEN', 'Only managers and administrators read the fleet insight');
    }
    const now = this.#clock();
    const resolved = insightPeriod(query, now);
    if (!resolved.ok) throw invalidField(resolved.error.field, resolved.error.code, resolved.error.message);
    const { period } = resolved;
    const where: (SQL | undefined)[] = [visibleMachineGroups(viewer)];
    if (query.business !== undefined) {
      if (
        !mayFilterBusiness(viewer, query.business) ||
        !(await this.#repository.businessExists(query.business))
      ) {
        throw notFound('Business');
      }
      where.push(eq(machineGroups.businessId, query.business));
    }
    // The location filter's choices are the locations the business filter leaves, so one can change location.
    const inBusiness = await this.#repository.machines(and(...where));
    const locations = [...new Set(inBusiness.map((machine) => machine.location))].sort((a, b) =>
      a.localeCompare(b),
    );
    const machines =
      query.location === undefined
        ? inBusiness
        : inBusiness.filter((machine) => machine.location === query.location);
    const rows = await this.#repository.weeks(
      machines.map((machine) => machine.id),
      new Date(utcDayStart(period.from)),
      new Date(utcDayStart(period.to) + DAY_MS),
    );
    return toFleetInsight({ period, now, machines, rows, locations });
  }

  /** The same figures as CSV, one row per machine and week (checked and computed before the first byte). */
  async exportCsv(viewer: Viewer, query: InsightQuery): Promise<{ fileName: string; csv: Readable }> {
    const insight = await this.insight(viewer, query);
    const csv = Readable.from(csvRows(insight)).pipe(csvWriter(CSV_COLUMNS.map(([name]) => name)));
    return { fileName: `fleet-insight-${insight.from}-${insight.to}.csv`, csv };
  }
}
