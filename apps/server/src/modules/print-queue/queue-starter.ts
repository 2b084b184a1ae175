import type { QueueRun } from '@portal/contract';
import { AppError } from '../../shared/app-error.ts';
import { toQueueRun } from './print-queue.mapper.ts';
import type { Viewer } from './print-queue.policy.ts';
import type { PrintQueueDeps } from './print-queue-deps.ts';
import type { JobRow, QueueGroupRow } from './print-queue-rows.ts';
import { BoardRefusal, type QueueActor } from './queue-board.ts';
import type { RunChanges } from './run-changes.ts';
import { boardFileOf, type RunChange } from './run-following.ts';

/** Whose start it is: the person whose rights it uses, and who the board's requests are made for. */
export interface StartAs {
  viewer: Viewer;
  actor: QueueActor;
}

const MACHINE_NOT_IDLE = 'The machine is not idle and online';
const MACHINE_NOT_READY = 'Nobody has marked the machine ready';
export const MACHINE_BUSY = 'The machine already runs a queued job';
const JOB_TAKEN = 'The job has no copy left to start';
const FILE_GONE = 'The file is no longer in the library';

/**
 * Why a start failed, as its run keeps it: the board's refusal of the file or of the start, else a start not made
 * with the portal's error code (the gateway or board offline, a time-out, consent…) when it had one.
 */
function startFailure(error: unknown): Pick<RunChange, 'reason' | 'startError'> {
  if (error instanceof BoardRefusal) return { reason: error.reason };
  return { reason: 'notStarted', startError: error instanceof AppError ? error.code : null };
}

/**
 * Starting a job's next copy on a machine a person marked ready (docs/design.md §14): the claim, the file sent and
 * started, and the automatic start, which tries the waiting jobs in queue order as the person who marked the
 * machine. The queue's services and the run follower start through it; none of them starts a copy otherwise.
 */
export class QueueStarter {
  readonly #deps: PrintQueueDeps & { runChanges: RunChanges };

  constructor(deps: PrintQueueDeps & { runChanges: RunChanges }) {
    this.#deps = deps;
  }

  /** With the automatic start on, each ready machine of the business starts the first job waiting for it. */
  async startOnReadyMachines(businessId: number): Promise<void> {
    const groups = await this.#deps.repository.groups(undefined);
    const ofBusiness = groups.filter((group) => group.businessId === businessId);
    const readiness = await this.#deps.runs.readiness(ofBusiness.map((group) => group.id));
    for (const ready of readiness) {
      const group = ofBusiness.find((candidate) => candidate.id === ready.machineGroupId);
      if (group) await this.#startAsMarker(group, ready.markedBy);
    }
  }

  /** A machine that became idle: with the automatic start on and the machine ready, its first waiting job starts. */
  async startIfReady(group: QueueGroupRow): Promise<void> {
    const [ready] = await this.#deps.runs.readiness([group.id]);
    if (!ready || !(await this.#deps.repository.businessAutoStart(group.businessId))) return;
    await this.#startAsMarker(group, ready.markedBy);
  }

  /** An automatic start as the person who marked the machine ready; a refusal (their rights now) starts nothing. */
  async #startAsMarker(group: QueueGroupRow, markedBy: number | null): Promise<void> {
    if (markedBy === null) return;
    try {
      const viewer = await this.#deps.viewerOf(markedBy);
      await this.startNext(group, { viewer, actor: { userId: viewer.id } });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }

  /**
   * The automatic start on a ready machine: the first waiting job it may print, or the next when another machine
   * took that one's last copy meanwhile. Null when nothing started (nothing waits, the machine is busy or not
   * reachable, or the start failed: the run says why).
   */
  async startNext(group: QueueGroupRow, who: StartAs): Promise<QueueRun | null> {
    for (const job of await this.#deps.repository.candidates(group)) {
      try {
        const run = await this.start(group, job, { ...who, automatic: true });
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
  async start(
    group: QueueGroupRow,
    job: JobRow,
    { viewer, actor, automatic }: StartAs & { automatic: boolean },
  ): Promise<QueueRun | string> {
    const { runs } = this.#deps;
    if (this.#deps.statusOf(group.controllerId).state !== 'idle') return MACHINE_NOT_IDLE;
    const reach = await this.#deps.access.control(viewer, group.controllerId, 'customer');
    const file =
      job.libraryFileId === null
        ? null
        : await this.#deps.files.fileOfBusiness(job.businessId, job.libraryFileId);
    if (!file) return FILE_GONE;
    const at = this.#deps.clock();
    const claimed = await runs.claim({
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
    this.#deps.readinessChanged(group);
    // A start by hand is the person's own doing: they hear of it in the answer, and are not told.
    const actorId = automatic ? null : viewer.id;
    try {
      const content = await this.#deps.files.openContent(file);
      await this.#deps.board.print(reach, actor, claimed.boardFile, content);
    } catch (error) {
      const failed: RunChange = { state: 'failed', endedAt: this.#deps.clock(), ...startFailure(error) };
      await this.#deps.runChanges.apply(claimed.id, ['starting'], failed, actorId);
      // Nothing was printed: the bed is still clear.
      await runs.markReady(group.id, viewer.id, at);
      this.#deps.readinessChanged(group);
      if (automatic) this.#deps.warn(error, 'queued job not started');
      if (!automatic || !(error instanceof AppError)) throw error;
      return toQueueRun((await runs.run(claimed.id)) ?? claimed);
    }
    await this.#deps.runChanges.apply(claimed.id, ['starting'], {
      state: 'printing',
      endedAt: null,
      reason: null,
    });
    this.#deps.changed(group.businessId);
    this.#deps.tell({
      event: 'started',
      runId: claimed.id,
      machineGroupId: group.id,
      controllerId: group.controllerId,
      fileName: job.fileName,
      copy: claimed.copy,
      copies: job.copies,
      actorId,
    });
    return toQueueRun((await runs.run(claimed.id)) ?? claimed);
  }
}
