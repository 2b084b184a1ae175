import type {
  PrintQueue,
  QueueCopiesBody,
  QueueJob,
  QueueJobBody,
  QueueJobHistory,
  QueueSettings,
} from '@portal/contract';
import { queueJobBodySchema } from '@portal/contract';
import { AppError, conflict, invalidField, notFound } from '../../shared/app-error.ts';
import { toQueueJob, toQueueJobs, toQueueRun } from './print-queue.mapper.ts';
import { mayChangeAutoStart, type Viewer, visibleMachineGroups } from './print-queue.policy.ts';
import type { PrintQueueDeps } from './print-queue-deps.ts';
import type { PrintQueueMachinesService } from './print-queue-machines.service.ts';
import type { JobRow } from './print-queue-rows.ts';
import type { QueueAccess } from './queue-access.ts';
import type { QueueStarter } from './queue-starter.ts';

export type PrintQueueServiceDeps = Pick<
  PrintQueueDeps,
  'repository' | 'runs' | 'clock' | 'files' | 'changed'
> & {
  queueAccess: QueueAccess;
  /** The queue page's machines. */
  machines: Pick<PrintQueueMachinesService, 'machinesOf'>;
  /** The automatic start of a job queued while a machine is ready. */
  starter: Pick<QueueStarter, 'startOnReadyMachines'>;
};

/**
 * The print queue of a business (docs/product.md §11, docs/design.md §14): its jobs in order with its machines,
 * its automatic start, and each job's queueing, place, copies, cancellation and history. The machines' side
 * (readiness, starting a copy, runs) is `print-queue-machines.service.ts`'s.
 */
export class PrintQueueService {
  readonly #deps: PrintQueueServiceDeps;

  constructor(deps: PrintQueueServiceDeps) {
    this.#deps = deps;
  }

  get #repository() {
    return this.#deps.repository;
  }

  async queue(viewer: Viewer, businessId: number): Promise<PrintQueue> {
    const autoStart = await this.#deps.queueAccess.businessFor(viewer, businessId);
    const jobs = await this.#repository.jobsOf(businessId, ['waiting', 'printing']);
    const machines = await this.#deps.machines.machinesOf(viewer, businessId);
    return { business: businessId, autoStart, jobs: toQueueJobs(jobs), machines };
  }

  async setSettings(viewer: Viewer, businessId: number, settings: QueueSettings): Promise<QueueSettings> {
    await this.#deps.queueAccess.businessFor(viewer, businessId);
    if (!mayChangeAutoStart(viewer, businessId)) throw new AppError('FORBIDDEN');
    await this.#repository.setBusinessAutoStart(businessId, settings.autoStart);
    this.#deps.changed(businessId);
    return settings;
  }

  /**
   * Queues a library file of the business; with the automatic start on, a ready machine it may start on starts it.
   * A file or machine group of another business, or a machine type none of its machines has, is refused.
   */
  async addJob(viewer: Viewer, businessId: number, input: QueueJobBody): Promise<QueueJob> {
    const body = queueJobBodySchema.parse(input);
    const autoStart = await this.#deps.queueAccess.businessFor(viewer, businessId);
    const file = await this.#deps.files.fileOfBusiness(businessId, body.file);
    if (!file) throw invalidField('file', 'invalidChoice', 'No such file in the business library');
    const { target } = body;
    if ('machineGroup' in target) {
      const group = await this.#repository.group(target.machineGroup, visibleMachineGroups(viewer));
      if (!group || group.businessId !== businessId)
        throw invalidField('target', 'invalidChoice', 'No such machine group in the business');
    } else if (!(await this.#repository.businessHasType(businessId, target.machineType, target.location))) {
      throw invalidField('target', 'invalidChoice', 'No machine of the business is of that type there');
    }
    const id = await this.#repository.insertJob({
      businessId,
      libraryFileId: file.id,
      fileName: file.name,
      machineGroupId: 'machineGroup' in target ? target.machineGroup : null,
      machineTypeId: 'machineType' in target ? target.machineType : null,
      location: 'machineType' in target ? (target.location ?? null) : null,
      copies: body.copies,
      queuedBy: viewer.id,
      queuedAt: this.#deps.clock(),
    });
    this.#deps.changed(businessId);
    if (autoStart) await this.#deps.starter.startOnReadyMachines(businessId);
    return this.#jobAnswer(id);
  }

  /**
   * Queues one copy of a library file on a machine group the viewer sees, or on any machine of its type: a
   * slicer's upload to the queue (slicer-access). 404 for a group the viewer does not see or whose queue they
   * may not use, checked before the file is stored by `machineFor`.
   */
  async addSlicerJob(
    viewer: Viewer,
    machineGroupId: number,
    fileId: number,
    on: 'machine' | 'machineType',
  ): Promise<QueueJob> {
    const group = await this.#deps.queueAccess.groupFor(viewer, machineGroupId);
    const target = on === 'machine' ? { machineGroup: group.id } : { machineType: group.machineTypeId };
    return this.addJob(viewer, group.businessId, { file: fileId, target, copies: 1 });
  }

  /** Whether the viewer may queue on the machine group (404 otherwise), before a slicer's file is stored. */
  async machineFor(viewer: Viewer, machineGroupId: number): Promise<void> {
    await this.#deps.queueAccess.groupFor(viewer, machineGroupId);
  }

  async history(viewer: Viewer, jobId: number): Promise<QueueJobHistory> {
    const job = await this.#deps.queueAccess.jobFor(viewer, jobId);
    const runs = await this.#deps.runs.runsOf(jobId);
    return { job: await this.#placed(job), runs: runs.map(toQueueRun) };
  }

  async moveJob(viewer: Viewer, jobId: number, position: number): Promise<QueueJob> {
    const job = await this.#deps.queueAccess.jobFor(viewer, jobId);
    if (!(await this.#repository.moveJob(jobId, job.businessId, position)))
      throw conflict('Only a waiting job can be moved');
    this.#deps.changed(job.businessId);
    return this.#jobAnswer(jobId);
  }

  async setCopies(viewer: Viewer, jobId: number, { copies }: QueueCopiesBody): Promise<QueueJob> {
    const job = await this.#deps.queueAccess.jobFor(viewer, jobId);
    const outcome = await this.#repository.setCopies(jobId, copies);
    if (outcome === 'ended') throw conflict('The job has ended');
    if (outcome === 'belowStarted')
      throw invalidField('copies', 'tooSmall', 'Fewer copies than have already started');
    this.#deps.changed(job.businessId);
    return this.#jobAnswer(jobId);
  }

  async cancelJob(viewer: Viewer, jobId: number): Promise<QueueJob> {
    const job = await this.#deps.queueAccess.jobFor(viewer, jobId);
    if (!(await this.#repository.cancelJob(jobId, viewer.id, this.#deps.clock())))
      throw conflict('The job has ended');
    this.#deps.changed(job.businessId);
    return this.#jobAnswer(jobId);
  }

  /** A job with its place among the waiting ones. */
  async #placed(job: JobRow): Promise<QueueJob> {
    if (job.state !== 'waiting') return toQueueJob(job, null);
    const waiting = await this.#repository.jobsOf(job.businessId, ['waiting']);
    return toQueueJob(job, waiting.findIndex((row) => row.id === job.id) + 1);
  }

  async #jobAnswer(jobId: number): Promise<QueueJob> {
    const job = await this.#repository.job(jobId);
    if (!job) throw notFound('Job');
    return this.#placed(job);
  }
}
