import { notFound } from '../../shared/app-error.ts';
import { mayUseQueueOf, type Viewer, visibleMachineGroups } from './print-queue.policy.ts';
import type { PrintQueueRepository } from './print-queue.repository.ts';
import type { JobRow, QueueGroupRow } from './print-queue-rows.ts';

/**
 * The business, job or machine group of the queue a person asks for, once `print-queue.policy.ts` lets them use
 * that business's queue: 404 otherwise, as for none, so another business's queue stays unseen. The one check
 * every service of the queue makes before it reads or changes anything.
 */
export class QueueAccess {
  readonly #repository: PrintQueueRepository;

  constructor(repository: PrintQueueRepository) {
    this.#repository = repository;
  }

  /** The business's automatic start, once the viewer may use its queue; 404 otherwise, as for no business. */
  async businessFor(viewer: Viewer, businessId: number): Promise<boolean> {
    const autoStart = mayUseQueueOf(viewer, businessId)
      ? await this.#repository.businessAutoStart(businessId)
      : null;
    if (autoStart === null) throw notFound('Business');
    return autoStart;
  }

  async jobFor(viewer: Viewer, jobId: number): Promise<JobRow> {
    const job = await this.#repository.job(jobId);
    if (!job || !mayUseQueueOf(viewer, job.businessId)) throw notFound('Job');
    return job;
  }

  /** A machine group the viewer sees, of a business whose queue they may use. */
  async groupFor(viewer: Viewer, machineGroupId: number): Promise<QueueGroupRow> {
    const group = await this.#repository.group(machineGroupId, visibleMachineGroups(viewer));
    if (!group || !mayUseQueueOf(viewer, group.businessId)) throw notFound('Machine group');
    return group;
  }
}
