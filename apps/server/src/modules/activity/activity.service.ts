import { Readable } from 'node:stream';
import type { ActivityEntry, ActivityVerification, activityQuerySchema, Page } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../shared/app-error.ts';
import { csvWriter } from '../../shared/csv.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { CSV_COLUMNS, toActivityEntry } from './activity.mapper.ts';
import { activityScope, canCheckActivity } from './activity.policy.ts';
import type { ActivityFilter, ActivityRepository, ActivityRow } from './activity.repository.ts';
import { type ChainedFields, entryHash } from './activity-chain.ts';

type ActivityQuery = z.output<typeof activityQuerySchema>;

/** How many entries the check and the export read at a time. */
const BATCH = 1_000;

/** Reading the activity record: pages, the CSV export, and the check of its chain. */
export class ActivityService {
  readonly #repository: ActivityRepository;

  constructor(repository: ActivityRepository) {
    this.#repository = repository;
  }

  async list(viewer: SessionSubject, query: ActivityQuery): Promise<Page<ActivityEntry>> {
    const { rows, total } = await this.#repository.page(filterOf(viewer, query), query.page, query.pageSize);
    return { items: rows.map(toActivityEntry), total, page: query.page, pageSize: query.pageSize };
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

  /** The check of the whole chain (`verifyChain`), an administrator's. */
  async verify(viewer: SessionSubject): Promise<ActivityVerification> {
    if (!canCheckActivity(viewer)) throw new AppError('FORBIDDEN');
    return verifyChain(this.#repository);
  }
}

/**
 * Reads the whole record in its order and recomputes each entry's hash from its fields and the entry before: the
 * first entry whose fields no longer give its hash, or that does not follow the one before, is `altered`; a number
 * skipped is `missing`; a record that ends before the chain's head says is `head` (newest removed). The check
 * button's and `npm run activity:verify`'s.
 */
export async function verifyChain(repository: ActivityRepository): Promise<ActivityVerification> {
  const head = await repository.head();
  let expected = head.anchorSeq + 1;
  let prevHash = head.anchorHash;
  let checked = 0;
  for (;;) {
    const batch = await repository.inOrder(expected - 1, BATCH);
    for (const row of batch) {
      if (row.seq !== expected) return broken(checked, expected, 'missing');
      if (row.prevHash !== prevHash || entryHash(prevHash, chainedFieldsOf(row)) !== row.hash) {
        return broken(checked, row.seq, 'altered');
      }
      prevHash = row.hash;
      expected += 1;
      checked += 1;
    }
    if (batch.length < BATCH) break;
  }
  if (expected - 1 !== head.lastSeq || prevHash !== head.lastHash) {
    return broken(checked, expected, expected - 1 < head.lastSeq ? 'missing' : 'head');
  }
  return { intact: true, checked, broken: null };
}

const broken = (
  checked: number,
  seq: number,
  reason: NonNullable<ActivityVerification['broken']>['reason'],
): ActivityVerification => ({ intact: false, checked, broken: { seq, reason } });

function chainedFieldsOf(row: ActivityRow): ChainedFields {
  const { prevHash: _prev, hash: _hash, ...fields } = row;
  return fields;
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
