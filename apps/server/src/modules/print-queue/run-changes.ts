import type { QueueRunState } from '@portal/contract';
import type { PrintQueueDeps } from './print-queue-deps.ts';
import type { RunChange } from './run-following.ts';

/**
 * Every change of a run's state after its claim (docs/design.md §14): applied only from the state it was decided
 * from, with its job settled (`PrintQueueRunsRepository.changeRun`), and a run's end, finished or failed, told to
 * the notification centre by the one change that made it, so an end heard by several instances, or twice, is told
 * once. A copy cancelled through the queue is a person's own doing, and not told.
 */
export class RunChanges {
  readonly #deps: Pick<PrintQueueDeps, 'runs' | 'tell'>;

  constructor(deps: Pick<PrintQueueDeps, 'runs' | 'tell'>) {
    this.#deps = deps;
  }

  /**
   * Changes the run from one of `from` to `change`; false when it was in none of them any more. `actorId`: the
   * person whose own request ended it (a start by hand the machine refused).
   */
  async apply(
    runId: number,
    from: readonly QueueRunState[],
    change: RunChange,
    actorId: number | null = null,
  ): Promise<boolean> {
    const { runs } = this.#deps;
    if (!(await runs.changeRun(runId, from, change))) return false;
    if (change.state === 'finished' || change.state === 'failed') {
      const facts = await runs.runFacts(runId);
      if (facts) this.#deps.tell({ event: change.state, ...facts, actorId });
    }
    return true;
  }
}
