import { Readable } from 'node:stream';
import type { ActivityEntry, ActivityVerification, activityQuerySchema, Page } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { csvWriter } from '../../shared/csv.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { CSV_COLUMNS, toActivityEntry } from './activity.mapper.ts';
import { activityScope, canCheckActivity } from './activity.policy.ts';
import type { ActivityFilter, ActivityRepository } from './activity.repository.ts';
import { type VerifyOptions, verifyChain } from './activity-verification.ts';

type ActivityQuery = z.output<typeof activityQuerySchema>;

/** How many entries the export reads at a time. */
const BATCH = 1_000;

/** Reading the activity record: pages, the CSV export, and the check of its chain. */
export class ActivityService {
  readonly #repository: ActivityRepository;
  readonly #verify: Omit<VerifyOptions, 'now'>;
  readonly #clock: Clock;

  constructor(repository: ActivityRepository, verify: Omit<VerifyOptions, 'now'>, clock: Clock) {
    this.#repository = repository;
    this.#verify = verify;
    this.#clock = clock;
  }

  async list(viewer: SessionSubject, query: ActivityQuery): Promise<Page<ActivityEntry>> {
    const { rows, total } = await this.#repository.page(filterOf(viewer, query), query.page, query.pageSize);
    const names = await this.#repository.objectNames(rows);
    return {
      items: rows.map((row, index) => toActivityEntry(row, names[index])),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Every entry the filter finds, oldest first, as CSV (read and written a batch at a time). */
  exportCsv(viewer: SessionSubject, query: ActivityQuery): Readable {
    const filter = filterOf(viewer, query);
    const repository = this.#repository;
    async function* rows() {
      let after = 0;
      for (;;) {
        const batch = await repository.namedInOrder(after, BATCH, filter);
        for (const row of batch) yield CSV_COLUMNS.map(([, value]) => value(toActivityEntry(row), row));
        const last = batch.at(-1);
        if (!last || batch.length < BATCH) return;
        after = last.seq;
      }
    }
    return Readable.from(rows()).pipe(csvWriter(CSV_COLUMNS.map(([name]) => name)));
  }

  /** The check of the whole chain against this instance's checkpoints (`verifyChain`), an administrator's. */
  async verify(viewer: SessionSubject): Promise<ActivityVerification> {
    if (!canCheckActivity(viewer)) throw new AppError('FORBIDDEN');
    return verifyChain(this.#repository, { ...this.#verify, now: this.#clock() });
  }
}

function filterOf(viewer: SessionSubject, query: ActivityQuery): ActivityFilter {
  return {
    scope: activityScope(viewer),
    user: query.user,
    controller: query.controller,
    business: query.business,
    ticket: query.ticket,
    kind: query.kind,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
    q: query.q,
  };
}
