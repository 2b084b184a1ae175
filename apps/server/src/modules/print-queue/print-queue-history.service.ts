import type { QueueHistoryPage, QueueHistoryQuery, QueueRun } from '@portal/contract';
import { notFound } from '../../shared/app-error.ts';
import { toQueueJob, toQueueRun } from './print-queue.mapper.ts';
import { mayUseQueueOf, type Viewer } from './print-queue.policy.ts';
import type { PrintQueueRepository } from './print-queue.repository.ts';
import type { PrintQueueHistoryRepository } from './print-queue-history.repository.ts';

export interface PrintQueueHistoryServiceDeps {
  history: PrintQueueHistoryRepository;
  /** The queue's own repository: whether the business exists. */
  repository: PrintQueueRepository;
}

/**
 * The print queue's history (docs/product.md §11): a business's ended jobs, done or cancelled, the newest end
 * first, each with its runs (machine, who started it, how and when it ended). Whoever may use the business's queue
 * reads it; another business answers 404, as for its queue.
 */
export class PrintQueueHistoryService {
  readonly #deps: PrintQueueHistoryServiceDeps;

  constructor(deps: PrintQueueHistoryServiceDeps) {
    this.#deps = deps;
  }

  async page(
    viewer: Viewer,
    businessId: number,
    { page, pageSize }: QueueHistoryQuery,
  ): Promise<QueueHistoryPage> {
    const { history, repository } = this.#deps;
    if (!mayUseQueueOf(viewer, businessId) || (await repository.businessAutoStart(businessId)) === null)
      throw notFound('Business');
    const { rows, total } = await history.endedJobs(businessId, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    const runs = new Map<number, QueueRun[]>();
    for (const run of await history.runsOf(rows.map((row) => row.id))) {
      runs.set(run.jobId, [...(runs.get(run.jobId) ?? []), toQueueRun(run)]);
    }
    return {
      items: rows.map((row) => ({
        job: toQueueJob(row, null),
        runs: runs.get(row.id) ?? [],
        endedAt: row.endedAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  }
}
