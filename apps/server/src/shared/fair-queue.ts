/** Who a queued task is for: its client (an address), and whether it goes ahead of everyone else's. */
export interface QueueTicket {
  client: string;
  /** Served before any task without it (a sign-in from a known device). */
  priority?: boolean;
}

export interface FairQueueOptions {
  /** Tasks run at once. */
  concurrency: number;
  /** Tasks without priority that may wait, all clients together. */
  maxWaiting: number;
  /** Tasks one client may have waiting, in each of the two lanes. */
  maxWaitingPerClient: number;
  /** Priority tasks that may wait, all clients together (room of their own: a full queue does not hold them). */
  maxPriorityWaiting: number;
}

type Job = () => void;

/** Waiting jobs by client, served one client at a time in turn. */
class RoundRobin {
  /** In the order of their turns: a served client with more to do goes to the back. */
  readonly #lanes = new Map<string, Job[]>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  waitingOf(client: string): number {
    return this.#lanes.get(client)?.length ?? 0;
  }

  push(client: string, job: Job): void {
    const lane = this.#lanes.get(client);
    if (lane) lane.push(job);
    else this.#lanes.set(client, [job]);
    this.#size++;
  }

  /** The next client's first job. */
  shift(): Job | undefined {
    for (const [client, lane] of this.#lanes) {
      this.#lanes.delete(client);
      const job = lane.shift();
      if (lane.length > 0) this.#lanes.set(client, lane);
      if (job) {
        this.#size--;
        return job;
      }
    }
    return undefined;
  }
}

/**
 * Runs a few tasks at once and queues the rest fairly: each client (an address) has a lane of its own with a small
 * cap, the lanes are served in turn, so a flood from many addresses gets its share and no more; priority tasks go
 * first, with room of their own. Both lanes are bounded: a task that would find its lane full is refused at once
 * (`hasRoom`), never left waiting without end.
 */
export class FairQueue {
  readonly #options: FairQueueOptions;
  readonly #priority = new RoundRobin();
  readonly #others = new RoundRobin();
  #active = 0;

  constructor(options: FairQueueOptions) {
    this.#options = options;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#priority.size + this.#others.size;
  }

  /** Whether a task for `ticket` would be accepted now. */
  hasRoom({ client, priority = false }: QueueTicket): boolean {
    if (this.#active < this.#options.concurrency && this.waiting === 0) return true;
    const lane = priority ? this.#priority : this.#others;
    const total = priority ? this.#options.maxPriorityWaiting : this.#options.maxWaiting;
    return lane.size < total && lane.waitingOf(client) < this.#options.maxWaitingPerClient;
  }

  /** Runs `task` in its turn; `onFull` makes the error of a task refused for want of room. */
  run<T>(ticket: QueueTicket, task: () => Promise<T>, onFull: () => Error): Promise<T> {
    if (!this.hasRoom(ticket)) return Promise.reject(onFull());
    return new Promise<T>((resolve, reject) => {
      const job = () => {
        this.#active++;
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.#active--;
            this.#next();
          });
      };
      (ticket.priority ? this.#priority : this.#others).push(ticket.client, job);
      this.#next();
    });
  }

  #next(): void {
    while (this.#active < this.#options.concurrency) {
      const job = this.#priority.shift() ?? this.#others.shift();
      if (!job) return;
      job();
    }
  }
}
