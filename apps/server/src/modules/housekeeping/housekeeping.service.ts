import type { Clock } from '../../shared/clock.ts';
import type { HousekeepingRepository } from './housekeeping.repository.ts';

/** A timed chore of the deployment: forgetting what has expired. */
export interface HousekeepingTask {
  /** Its name in the schedule; stable across releases. */
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

export interface HousekeepingLog {
  warn(object: unknown, message: string): void;
}

/**
 * Runs each task once per period for the whole deployment: every instance looks often, and the one whose claim
 * moves the task's next run on does it (HousekeepingRepository.claim), so no instance count is assumed and a
 * dead instance's turn is simply taken by another.
 */
export class HousekeepingService {
  readonly #repository: HousekeepingRepository;
  readonly #clock: Clock;
  readonly #tasks: readonly HousekeepingTask[];
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(repository: HousekeepingRepository, clock: Clock, tasks: readonly HousekeepingTask[]) {
    this.#repository = repository;
    this.#clock = clock;
    this.#tasks = tasks;
  }

  /** Runs the tasks due now that no other instance has claimed; returns the names of those it ran. */
  async runDue(log?: HousekeepingLog): Promise<string[]> {
    const ran: string[] = [];
    for (const task of this.#tasks) {
      const now = this.#clock();
      try {
        if (!(await this.#repository.claim(task.name, now, new Date(now.getTime() + task.everyMs)))) continue;
        await task.run(now);
        ran.push(task.name);
      } catch (error) {
        log?.warn({ err: error, task: task.name }, 'housekeeping failed');
      }
    }
    return ran;
  }

  /** Looks for due tasks every `lookEveryMs` until stopped. */
  start(lookEveryMs: number, log: HousekeepingLog): void {
    this.#timer = setInterval(() => {
      this.#running ??= this.runDue(log).then(() => {
        this.#running = undefined;
      });
    }, lookEveryMs);
    this.#timer.unref();
  }

  /** Stops looking, once the run under way (if any) has ended. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
  }
}
