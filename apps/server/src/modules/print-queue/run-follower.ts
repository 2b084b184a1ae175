import type { MachineCardState } from '@portal/contract';
import { KeyedChain } from '../../shared/keyed-chain.ts';
import type { MachineEvent, MachineTransition } from '../live-status/machine-events.ts';
import type { PrintQueueDeps } from './print-queue-deps.ts';
import type { QueueStarter } from './queue-starter.ts';
import type { RunChanges } from './run-changes.ts';
import { followStatus, followTransition, QUEUE_FOLDER } from './run-following.ts';

export type RunFollowerDeps = Pick<
  PrintQueueDeps,
  'repository' | 'runs' | 'readinessChanged' | 'changed' | 'warn'
> & {
  starter: QueueStarter;
  runChanges: RunChanges;
};

/**
 * The queue's runs following the boards through the live status's machine events (docs/design.md §14): it
 * applies `run-following.ts`'s rules to each machine's active run, takes the mark of a machine that prints
 * something else, and starts a ready machine that turns idle. One machine's events are applied one after the
 * other in the order heard, so an older status whose reads answer late cannot undo a newer one; different
 * machines' events go on side by side. The routes subscribe it while the app runs.
 */
export class RunFollower {
  readonly #deps: RunFollowerDeps;
  /** Each machine's events being applied, by controller (transitions too), one after another. */
  readonly #following = new KeyedChain<number>();
  /** Each machine's card state as this instance last heard it: a machine that turns idle may start a ready job. */
  readonly #lastState = new Map<number, MachineCardState>();

  constructor(deps: RunFollowerDeps) {
    this.#deps = deps;
  }

  /**
   * Follows a machine event in the background (`onMachineEvent`), after the same machine's events heard before it;
   * one that fails is warned about and the next goes on. `idle` waits for what is under way.
   */
  follow(event: MachineEvent): void {
    // The queue's own changes name no machine and move no run.
    if (event.type === 'queue') return;
    void this.#following.run(event.controllerId, () =>
      this.onMachineEvent(event).catch((error: unknown) => this.#deps.warn(error, 'queue run not followed')),
    );
  }

  /** Resolves once every event followed so far has been applied. */
  idle(): Promise<void> {
    return this.#following.idle();
  }

  /**
   * Whether a machine's job finished or cancelled is a queued copy's (docs/design.md §14): a run of that file on
   * that machine still active, whose end this is, or ended by it. The notification centre tells those as the
   * queue's own, not as the machine's.
   */
  async endsRun(transition: MachineTransition): Promise<boolean> {
    const { type, machineGroupId, fileName } = transition;
    if ((type !== 'jobFinished' && type !== 'jobFailed') || machineGroupId === null || fileName === null)
      return false;
    if (!fileName.startsWith(`${QUEUE_FOLDER}/`)) return false;
    return this.#deps.runs.endedBy(machineGroupId, fileName, new Date(transition.at));
  }

  /**
   * Follows the boards (docs/design.md §14): a status change moves its machine's run, the end of a job ends it; a
   * machine that starts printing something else is no longer ready. Each change applies only from the state it
   * was decided from, so the same event on several instances changes a run once.
   */
  async onMachineEvent(event: MachineEvent): Promise<void> {
    const { repository, runs, runChanges } = this.#deps;
    if (event.type === 'status') {
      const previous = this.#lastState.get(event.controllerId);
      this.#lastState.set(event.controllerId, event.status.state);
      const group = await repository.groupOfController(event.controllerId);
      if (!group) return;
      const [run] = await runs.activeRuns([group.id]);
      if (run) {
        const change = followStatus(run, event.status, new Date(event.at));
        if (change && (await runChanges.apply(run.id, [run.state], change)))
          this.#deps.changed(group.businessId);
      } else if (event.status.state === 'processing') {
        // Every instance hears the status: the one whose delete took the mark tells.
        if (await runs.unmarkReady(group.id)) this.#deps.readinessChanged(group);
      } else if (event.status.state === 'idle' && previous !== 'idle') {
        // Marked ready while it could not start (offline, halted): it starts once it is idle. Every instance
        // hearing this tries; the claim lets one start (docs/design.md §14).
        await this.#deps.starter.startIfReady(group);
      }
      return;
    }
    if ((event.type !== 'jobFinished' && event.type !== 'jobFailed') || event.machineGroupId === null) return;
    const [run] = await runs.activeRuns([event.machineGroupId]);
    if (!run) return;
    const change = followTransition(run, event);
    if (!change || !(await runChanges.apply(run.id, [run.state], change))) return;
    const group = await repository.group(event.machineGroupId, undefined);
    if (group) this.#deps.changed(group.businessId);
  }
}
