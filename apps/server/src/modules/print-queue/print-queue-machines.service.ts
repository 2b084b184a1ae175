import type { MachineQueue, QueueMachine, QueueReadyAnswer, QueueRun } from '@portal/contract';
import { conflict, invalidField, notFound } from '../../shared/app-error.ts';
import { toQueueJob, toQueueJobs, toQueueMachine, toQueueRun } from './print-queue.mapper.ts';
import { type Viewer, visibleMachineGroups } from './print-queue.policy.ts';
import type { PrintQueueDeps } from './print-queue-deps.ts';
import type { QueueGroupRow } from './print-queue-rows.ts';
import type { QueueAccess } from './queue-access.ts';
import type { QueueActor } from './queue-board.ts';
import { MACHINE_BUSY, type QueueStarter } from './queue-starter.ts';
import type { RunChanges } from './run-changes.ts';
import { cancelPlan, type RunChange, settleOnReady } from './run-following.ts';

export type PrintQueueMachinesServiceDeps = Pick<
  PrintQueueDeps,
  'repository' | 'runs' | 'clock' | 'access' | 'board' | 'statusOf' | 'readinessChanged' | 'changed'
> & {
  queueAccess: QueueAccess;
  starter: QueueStarter;
  runChanges: RunChanges;
};

/** A person's own request, when a start comes from one. */
type Client = QueueActor['client'];

/**
 * The machines in the print queue (docs/product.md §11, docs/design.md §14): their readiness ("bed clear"), a
 * machine's own queue, starting a job's copy on one by hand and cancelling a running copy; the fleet's statuses
 * ask it which machines are ready.
 */
export class PrintQueueMachinesService {
  readonly #deps: PrintQueueMachinesServiceDeps;

  constructor(deps: PrintQueueMachinesServiceDeps) {
    this.#deps = deps;
  }

  /** The business's machines the viewer sees, each with its state, readiness and run: the queue page's. */
  async machinesOf(viewer: Viewer, businessId: number): Promise<QueueMachine[]> {
    const groups = await this.#deps.repository.groups(visibleMachineGroups(viewer));
    return this.#machines(groups.filter((group) => group.businessId === businessId));
  }

  async machineQueue(viewer: Viewer, machineGroupId: number): Promise<MachineQueue> {
    const { repository } = this.#deps;
    const group = await this.#deps.queueAccess.groupFor(viewer, machineGroupId);
    const [machine] = await this.#machines([group]);
    if (!machine) throw notFound('Machine group');
    const jobs = await repository.candidates(group);
    const all = await repository.jobsOf(group.businessId, ['waiting']);
    const place = new Map(toQueueJobs(all).map((job) => [job.id, job.position]));
    return { machine, jobs: jobs.map((job) => toQueueJob(job, place.get(job.id) ?? null)) };
  }

  /**
   * A person says the machine's bed is clear. A run the portal saw no end of is ended first (an idle board has
   * no print left); with the business's automatic start on, the first job waiting for the machine starts on it.
   */
  async markReady(
    viewer: Viewer & { sessionId?: string },
    machineGroupId: number,
    client: Client,
  ): Promise<QueueReadyAnswer> {
    const { runs } = this.#deps;
    const group = await this.#deps.queueAccess.groupFor(viewer, machineGroupId);
    const now = this.#deps.clock();
    const status = this.#deps.statusOf(group.controllerId);
    const [active] = await runs.activeRuns([group.id]);
    if (active) {
      const change = settleOnReady(active, status, now);
      if (change) await this.#deps.runChanges.apply(active.id, [active.state], change);
      else throw conflict(MACHINE_BUSY);
    }
    await runs.markReady(group.id, viewer.id, now);
    this.#deps.readinessChanged(group);
    let started: QueueRun | null = null;
    if (await this.#deps.repository.businessAutoStart(group.businessId)) {
      started = await this.#deps.starter.startNext(group, {
        viewer,
        actor: { userId: viewer.id, ...(viewer.sessionId && { sessionId: viewer.sessionId }), client },
      });
    }
    const [machine] = await this.#machines([group]);
    if (!machine) throw notFound('Machine group');
    return { machine, started };
  }

  async unmarkReady(viewer: Viewer, machineGroupId: number): Promise<void> {
    const group = await this.#deps.queueAccess.groupFor(viewer, machineGroupId);
    if (await this.#deps.runs.unmarkReady(group.id)) this.#deps.readinessChanged(group);
  }

  /** Starts the job's next copy on a machine a person marked ready, now. */
  async startNow(
    viewer: Viewer & { sessionId?: string },
    jobId: number,
    machineGroupId: number,
    client: Client,
  ): Promise<QueueRun> {
    const { queueAccess } = this.#deps;
    const job = await queueAccess.jobFor(viewer, jobId);
    const group = await queueAccess.groupFor(viewer, machineGroupId);
    if (group.businessId !== job.businessId || !(await this.#deps.repository.jobMatches(jobId, group)))
      throw invalidField('machineGroup', 'invalidChoice', 'The job does not print on that machine');
    const run = await this.#deps.starter.start(group, job, {
      viewer,
      actor: { userId: viewer.id, ...(viewer.sessionId && { sessionId: viewer.sessionId }), client },
      automatic: false,
    });
    if (typeof run === 'string') throw conflict(run);
    return run;
  }

  /**
   * Cancels a running copy through the queue: a paused print is cancelled on the board as the panel does, a print
   * still running must be paused first, a run whose board no longer runs it is only marked (docs/product.md §11).
   */
  async cancelRun(viewer: Viewer & { sessionId?: string }, runId: number, client: Client): Promise<QueueRun> {
    const { runs } = this.#deps;
    const run = await runs.run(runId);
    if (!run) throw notFound('Run');
    const group = await this.#deps.queueAccess.groupFor(viewer, run.machineGroupId);
    const plan = cancelPlan(run, this.#deps.statusOf(group.controllerId));
    if (plan === 'ended') throw conflict('The run has ended');
    if (plan === 'pauseFirst') throw conflict('Pause the print on the machine before cancelling it');
    if (plan === 'sendCancel') {
      const reach = await this.#deps.access.control(viewer, group.controllerId, 'customer');
      await this.#deps.board.cancel(reach, {
        userId: viewer.id,
        ...(viewer.sessionId && { sessionId: viewer.sessionId }),
        client,
      });
    }
    const change: RunChange = { state: 'cancelled', endedAt: this.#deps.clock(), reason: null };
    if (await this.#deps.runChanges.apply(run.id, [run.state], change)) this.#deps.changed(group.businessId);
    const after = await runs.run(run.id);
    if (!after) throw notFound('Run');
    return toQueueRun(after);
  }

  /** Which of the machine groups a person marked ready: the fleet's statuses carry it to whoever uses the queue. */
  async readyAmong(machineGroupIds: readonly number[]): Promise<ReadonlySet<number>> {
    const rows = await this.#deps.runs.readiness(machineGroupIds);
    return new Set(rows.map((row) => row.machineGroupId));
  }

  async #machines(groups: readonly QueueGroupRow[]): Promise<QueueMachine[]> {
    const { runs } = this.#deps;
    const ids = groups.map((group) => group.id);
    const readiness = new Map((await runs.readiness(ids)).map((row) => [row.machineGroupId, row]));
    const active = new Map((await runs.activeRuns(ids)).map((row) => [row.machineGroupId, row]));
    return groups.map((group) =>
      toQueueMachine(
        group,
        this.#deps.statusOf(group.controllerId).state,
        readiness.get(group.id),
        active.get(group.id),
      ),
    );
  }
}
