import type {
  MachineCardState,
  MachineLiveStatus,
  MachineQueue,
  PrintQueue,
  QueueCopiesBody,
  QueueJob,
  QueueJobBody,
  QueueJobHistory,
  QueueMachine,
  QueueReadyAnswer,
  QueueRun,
  QueueSettings,
} from '@portal/contract';
import { queueJobBodySchema } from '@portal/contract';
import { AppError, conflict, invalidField, notFound } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { MachineEvent } from '../live-status/machine-events.ts';
import type { MachineAccessService } from '../machine-access/machine-access.service.ts';
import { toQueueJob, toQueueJobs, toQueueMachine, toQueueRun } from './print-queue.mapper.ts';
import {
  mayChangeAutoStart,
  mayUseQueueOf,
  type Viewer,
  visibleMachineGroups,
} from './print-queue.policy.ts';
import type { PrintQueueRepository } from './print-queue.repository.ts';
import type { JobRow, QueueGroupRow } from './print-queue-rows.ts';
import type { PrintQueueRunsRepository } from './print-queue-runs.repository.ts';
import type { QueueActor, QueueBoard, QueueFileContent } from './queue-board.ts';
import {
  boardFileOf,
  cancelPlan,
  followStatus,
  followTransition,
  type RunChange,
  settleOnReady,
} from './run-following.ts';

/** A library file as the queue needs it. */
export interface QueueFile {
  id: number;
  name: string;
}

/** The library, as the queue uses it: a business's file by id (null: none of its), and its bytes. */
export interface QueueFiles {
  fileOfBusiness(businessId: number, fileId: number): Promise<QueueFile | null>;
  openContent(file: QueueFile): Promise<QueueFileContent>;
}

/** A copy of a queued job started on a machine, for the notification centre. */
export interface QueuedJobStarted {
  runId: number;
  machineGroupId: number;
  controllerId: number;
  fileName: string;
  copy: number;
  copies: number;
  /** Who started it, or whose "bed clear" started it. */
  startedBy: number | null;
  at: Date;
}

export interface PrintQueueServiceDeps {
  repository: PrintQueueRepository;
  runs: PrintQueueRunsRepository;
  clock: Clock;
  access: MachineAccessService;
  board: QueueBoard;
  files: QueueFiles;
  /** A machine's live status now (the live status module's). */
  statusOf(controllerId: number): MachineLiveStatus;
  /** The person behind an automatic start, as they are now (refused when disabled or suspended). */
  viewerOf(userId: number): Promise<Viewer>;
  /** Tells the notification centre that a queued job started. */
  started(event: QueuedJobStarted): void;
  /** Tells the fleet's statuses that a machine group's mark may have changed (the live status module's). */
  readinessChanged(machineGroupId: number): void;
  /** Tells the open pages that the business's queue changed (the status streams' `queue` event). */
  changed(businessId: number): void;
  warn(error: unknown, message: string): void;
}

/** A person's own request, when a start comes from one. */
type Client = QueueActor['client'];

const MACHINE_NOT_IDLE = 'The machine is not idle and online';
const MACHINE_NOT_READY = 'Nobody has marked the machine ready';
const MACHINE_BUSY = 'The machine already runs a queued job';
const JOB_TAKEN = 'The job has no copy left to start';
const FILE_GONE = 'The file is no longer in the library';

/**
 * The print queue (docs/product.md §11, docs/design.md §14): who may see and change which queue, jobs, readiness,
 * starting a copy on a ready machine (by hand, or by itself when the business wants it) and the runs following
 * their boards.
 */
export class PrintQueueService {
  readonly #deps: PrintQueueServiceDeps;
  readonly #following = new Set<Promise<void>>();
  /** Each machine's card state as this instance last heard it: a machine that turns idle may start a ready job. */
  readonly #lastState = new Map<number, MachineCardState>();

  constructor(deps: PrintQueueServiceDeps) {
    this.#deps = deps;
  }

  get #repository() {
    return this.#deps.repository;
  }

  get #runs() {
    return this.#deps.runs;
  }

  async queue(viewer: Viewer, businessId: number): Promise<PrintQueue> {
    const autoStart = await this.#businessFor(viewer, businessId);
    const jobs = await this.#repository.jobsOf(businessId, ['waiting', 'printing']);
    const groups = await this.#repository.groups(visibleMachineGroups(viewer));
    const machines = await this.#machines(groups.filter((group) => group.businessId === businessId));
    return { business: businessId, autoStart, jobs: toQueueJobs(jobs), machines };
  }

  async setSettings(viewer: Viewer, businessId: number, settings: QueueSettings): Promise<QueueSettings> {
    await this.#businessFor(viewer, businessId);
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
    const autoStart = await this.#businessFor(viewer, businessId);
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
    if (autoStart) await this.#startOnReadyMachines(businessId);
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
    const group = await this.#groupFor(viewer, machineGroupId);
    const target = on === 'machine' ? { machineGroup: group.id } : { machineType: group.machineTypeId };
    return this.addJob(viewer, group.businessId, { file: fileId, target, copies: 1 });
  }

  /** Whether the viewer may queue on the machine group (404 otherwise), before a slicer's file is stored. */
  async machineFor(viewer: Viewer, machineGroupId: number): Promise<void> {
    await this.#groupFor(viewer, machineGroupId);
  }

  async history(viewer: Viewer, jobId: number): Promise<QueueJobHistory> {
    const job = await this.#jobFor(viewer, jobId);
    const runs = await this.#runs.runsOf(jobId);
    return { job: await this.#placed(job), runs: runs.map(toQueueRun) };
  }

  async moveJob(viewer: Viewer, jobId: number, position: number): Promise<QueueJob> {
    const job = await this.#jobFor(viewer, jobId);
    if (!(await this.#repository.moveJob(jobId, job.businessId, position)))
      throw conflict('Only a waiting job can be moved');
    this.#deps.changed(job.businessId);
    return this.#jobAnswer(jobId);
  }

  async setCopies(viewer: Viewer, jobId: number, { copies }: QueueCopiesBody): Promise<QueueJob> {
    const job = await this.#jobFor(viewer, jobId);
    const outcome = await this.#repository.setCopies(jobId, copies);
    if (outcome === 'ended') throw conflict('The job has ended');
    if (outcome === 'belowStarted')
      throw invalidField('copies', 'tooSmall', 'Fewer copies than have already started');
    this.#deps.changed(job.businessId);
    return this.#jobAnswer(jobId);
  }

  async cancelJob(viewer: Viewer, jobId: number): Promise<QueueJob> {
    const job = await this.#jobFor(viewer, jobId);
    if (!(await this.#repository.cancelJob(jobId, viewer.id, this.#deps.clock())))
      throw conflict('The job has ended');
    this.#deps.changed(job.businessId);
    return this.#jobAnswer(jobId);
  }

  async machineQueue(viewer: Viewer, machineGroupId: number): Promise<MachineQueue> {
    const group = await this.#groupFor(viewer, machineGroupId);
    const [machine] = await this.#machines([group]);
    if (!machine) throw notFound('Machine group');
    const jobs = await this.#repository.candidates(group);
    const all = await this.#repository.jobsOf(group.businessId, ['waiting']);
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
    const group = await this.#groupFor(viewer, machineGroupId);
    const now = this.#deps.clock();
    const status = this.#deps.statusOf(group.controllerId);
    const [active] = await this.#runs.activeRuns([group.id]);
    if (active) {
      const change = settleOnReady(active, status, now);
      if (change) await this.#runs.changeRun(active.id, [active.state], change);
      else throw conflict(MACHINE_BUSY);
    }
    await this.#runs.markReady(group.id, viewer.id, now);
    this.#readinessChanged(group);
    let started: QueueRun | null = null;
    if (await this.#repository.businessAutoStart(group.businessId)) {
      started = await this.#startNext(group, {
        viewer,
        actor: { userId: viewer.id, ...(viewer.sessionId && { sessionId: viewer.sessionId }), client },
      });
    }
    const [machine] = await this.#machines([group]);
    if (!machine) throw notFound('Machine group');
    return { machine, started };
  }

  /** A mark put or taken: the fleet's statuses show it, and the queue's pages read the business's queue again. */
  #readinessChanged(group: { id: number; businessId: number }): void {
    this.#deps.readinessChanged(group.id);
    this.#deps.changed(group.businessId);
  }

  async unmarkReady(viewer: Viewer, machineGroupId: number): Promise<void> {
    const group = await this.#groupFor(viewer, machineGroupId);
    if (await this.#runs.unmarkReady(group.id)) this.#readinessChanged(group);
  }

  /** Starts the job's next copy on a machine a person marked ready, now. */
  async startNow(
    viewer: Viewer & { sessionId?: string },
    jobId: number,
    machineGroupId: number,
    client: Client,
  ): Promise<QueueRun> {
    const job = await this.#jobFor(viewer, jobId);
    const group = await this.#groupFor(viewer, machineGroupId);
    if (group.businessId !== job.businessId || !(await this.#repository.jobMatches(jobId, group)))
      throw invalidField('machineGroup', 'invalidChoice', 'The job does not print on that machine');
    const run = await this.#start(group, job, {
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
    const run = await this.#runs.run(runId);
    if (!run) throw notFound('Run');
    const group = await this.#groupFor(viewer, run.machineGroupId);
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
    if (await this.#runs.changeRun(run.id, [run.state], change)) this.#deps.changed(group.businessId);
    const after = await this.#runs.run(run.id);
    if (!after) throw notFound('Run');
    return toQueueRun(after);
  }

  /** Which of the machine groups a person marked ready: the fleet's statuses carry it to whoever uses the queue. */
  async readyAmong(machineGroupIds: readonly number[]): Promise<ReadonlySet<number>> {
    const rows = await this.#runs.readiness(machineGroupIds);
    return new Set(rows.map((row) => row.machineGroupId));
  }

  /** Follows a machine event in the background (`onMachineEvent`); `idle` waits for what is under way. */
  follow(event: MachineEvent): void {
    const following = this.onMachineEvent(event)
      .catch((error: unknown) => this.#deps.warn(error, 'queue run not followed'))
      .finally(() => this.#following.delete(following));
    this.#following.add(following);
  }

  /** Resolves once every event followed so far has been applied. */
  async idle(): Promise<void> {
    while (this.#following.size > 0) await Promise.allSettled([...this.#following]);
  }

  /**
   * Follows the boards (docs/design.md §14): a status change moves its machine's run, the end of a job ends it; a
   * machine that starts printing something else is no longer ready. Each change applies only from the state it
   * was decided from, so the same event on several instances changes a run once.
   */
  async onMachineEvent(event: MachineEvent): Promise<void> {
    if (event.type === 'status') {
      const previous = this.#lastState.get(event.controllerId);
      this.#lastState.set(event.controllerId, event.status.state);
      const group = await this.#repository.groupOfController(event.controllerId);
      if (!group) return;
      const [run] = await this.#runs.activeRuns([group.id]);
      if (run) {
        const change = followStatus(run, event.status, new Date(event.at));
        if (change && (await this.#runs.changeRun(run.id, [run.state], change)))
          this.#deps.changed(group.businessId);
      } else if (event.status.state === 'processing') {
        // Every instance hears the status: the one whose delete took the mark tells.
        if (await this.#runs.unmarkReady(group.id)) this.#readinessChanged(group);
      } else if (event.status.state === 'idle' && previous !== 'idle') {
        // Marked ready while it could not start (offline, halted): it starts once it is idle. Every instance
        // hearing this tries; the claim lets one start (docs/design.md §14).
        await this.#startIfReady(group);
      }
      return;
    }
    if ((event.type !== 'jobFinished' && event.type !== 'jobFailed') || event.machineGroupId === null) return;
    const [run] = await this.#runs.activeRuns([event.machineGroupId]);
    if (!run) return;
    const change = followTransition(run, event);
    if (!change || !(await this.#runs.changeRun(run.id, [run.state], change))) return;
    const group = await this.#repository.group(event.machineGroupId, undefined);
    if (group) this.#deps.changed(group.businessId);
  }

  /** With the automatic start on, each ready machine of the business starts the first job waiting for it. */
  async #startOnReadyMachines(businessId: number): Promise<void> {
    const groups = await this.#repository.groups(undefined);
    const ofBusiness = groups.filter((group) => group.businessId === businessId);
    const readiness = await this.#runs.readiness(ofBusiness.map((group) => group.id));
    for (const ready of readiness) {
      const group = ofBusiness.find((candidate) => candidate.id === ready.machineGroupId);
      if (group) await this.#startAsMarker(group, ready.markedBy);
    }
  }

  /** A machine that became idle: with the automatic start on and the machine ready, its first waiting job starts. */
  async #startIfReady(group: QueueGroupRow): Promise<void> {
    const [ready] = await this.#runs.readiness([group.id]);
    if (!ready || !(await this.#repository.businessAutoStart(group.businessId))) return;
    await this.#startAsMarker(group, ready.markedBy);
  }

  /** An automatic start as the person who marked the machine ready; a refusal (their rights now) starts nothing. */
  async #startAsMarker(group: QueueGroupRow, markedBy: number | null): Promise<void> {
    if (markedBy === null) return;
    try {
      const viewer = await this.#deps.viewerOf(markedBy);
      await this.#startNext(group, { viewer, actor: { userId: viewer.id } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  /**
   * The automatic start on a ready machine: the first waiting job it may print, or the next when another machine
   * took that one's last copy meanwhile. Null when nothing started (nothing waits, the machine is busy or not
   * reachable, or the start failed: the run says why).
   */
  async #startNext(
    group: QueueGroupRow,
    who: { viewer: Viewer; actor: QueueActor },
  ): Promise<QueueRun | null> {
    for (const job of await this.#repository.candidates(group)) {
      try {
        const run = await this.#start(group, job, { ...who, automatic: true });
        if (run !== JOB_TAKEN && run !== FILE_GONE) return typeof run === 'string' ? null : run;
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    }
    return null;
  }

  /**
   * Starts the job's next copy on the machine: idle and online, reached with control by the person, claimed in
   * one transaction, then the file sent and started. A failed send fails the run (the copy waits again) and the
   * machine stays ready; the error is thrown for a person's own start. A refusal before anything changed is
   * answered as its message.
   */
  async #start(
    group: QueueGroupRow,
    job: JobRow,
    { viewer, actor, automatic }: { viewer: Viewer; actor: QueueActor; automatic: boolean },
  ): Promise<QueueRun | string> {
    if (this.#deps.statusOf(group.controllerId).state !== 'idle') return MACHINE_NOT_IDLE;
    const reach = await this.#deps.access.control(viewer, group.controllerId, 'customer');
    const file =
      job.libraryFileId === null
        ? null
        : await this.#deps.files.fileOfBusiness(job.businessId, job.libraryFileId);
    if (!file) return FILE_GONE;
    const at = this.#deps.clock();
    const claimed = await this.#runs.claim({
      jobId: job.id,
      machineGroupId: group.id,
      boardFile: boardFileOf(job.fileName),
      startedBy: viewer.id,
      automatic,
      at,
    });
    if (claimed === 'notReady') return MACHINE_NOT_READY;
    if (claimed === 'machineBusy') return MACHINE_BUSY;
    if (claimed === 'jobTaken') return JOB_TAKEN;
    // The claim took the mark.
    this.#readinessChanged(group);
    try {
      const content = await this.#deps.files.openContent(file);
      await this.#deps.board.print(reach, actor, claimed.boardFile, content);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.#runs.changeRun(claimed.id, ['starting'], {
        state: 'failed',
        endedAt: this.#deps.clock(),
        reason: reason.slice(0, 500),
      });
      // Nothing was printed: the bed is still clear.
      await this.#runs.markReady(group.id, viewer.id, at);
      this.#readinessChanged(group);
      if (automatic) this.#deps.warn(error, 'queued job not started');
      if (!automatic || !(error instanceof AppError)) throw error;
      return toQueueRun((await this.#runs.run(claimed.id)) ?? claimed);
    }
    await this.#runs.changeRun(claimed.id, ['starting'], {
      state: 'printing',
      endedAt: null,
      reason: null,
    });
    this.#deps.changed(group.businessId);
    this.#deps.started({
      runId: claimed.id,
      machineGroupId: group.id,
      controllerId: group.controllerId,
      fileName: job.fileName,
      copy: claimed.copy,
      copies: job.copies,
      startedBy: viewer.id,
      at,
    });
    return toQueueRun((await this.#runs.run(claimed.id)) ?? claimed);
  }

  /** The business's automatic start, once the viewer may use its queue; 404 otherwise, as for no business. */
  async #businessFor(viewer: Viewer, businessId: number): Promise<boolean> {
    const autoStart = mayUseQueueOf(viewer, businessId)
      ? await this.#repository.businessAutoStart(businessId)
      : null;
    if (autoStart === null) throw notFound('Business');
    return autoStart;
  }

  async #jobFor(viewer: Viewer, jobId: number): Promise<JobRow> {
    const job = await this.#repository.job(jobId);
    if (!job || !mayUseQueueOf(viewer, job.businessId)) throw notFound('Job');
    return job;
  }

  /** A machine group the viewer sees, of a business whose queue they may use. */
  async #groupFor(viewer: Viewer, machineGroupId: number): Promise<QueueGroupRow> {
    const group = await this.#repository.group(machineGroupId, visibleMachineGroups(viewer));
    if (!group || !mayUseQueueOf(viewer, group.businessId)) throw notFound('Machine group');
    return group;
  }

  async #machines(groups: readonly QueueGroupRow[]): Promise<QueueMachine[]> {
    const ids = groups.map((group) => group.id);
    const readiness = new Map((await this.#runs.readiness(ids)).map((row) => [row.machineGroupId, row]));
    const runs = new Map((await this.#runs.activeRuns(ids)).map((row) => [row.machineGroupId, row]));
    return groups.map((group) =>
      toQueueMachine(
        group,
        this.#deps.statusOf(group.controllerId).state,
        readiness.get(group.id),
        runs.get(group.id),
      ),
    );
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
