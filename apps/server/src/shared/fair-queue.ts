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
  /** Priority tasks that may wait, all clients together (room of their own: a full queue does not hold them). */
  maxPriorityWaiting: number;
}

interface Job {
  start(): void;
  /** Turned away after all: a client with fewer waiting took its place. */
  drop(): void;
}

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

  /** The client with the most jobs waiting (the first in turn of those tied), and how many. */
  longest(): { client: string; waiting: number } | undefined {
    let most: { client: string; waiting: number } | undefined;
    for (const [client, lane] of this.#lanes) {
      if (!most || lane.length > most.waiting) most = { client, waiting: lane.length };
    }
    return most;
  }

  /** Takes `client`'s latest job out of the queue. */
  pop(client: string): Job | undefined {
    const lane = this.#lanes.get(client);
    const job = lane?.pop();
    if (!job) return undefined;
    this.#size--;
    if (lane?.length === 0) this.#lanes.delete(client);
    return job;
  }
}

/**
 * Runs a few tasks at once and queues the rest fairly: each client (an address) has a lane of its own, the lanes
 * are served in turn, so a flood from many addresses gets one turn per address and no more; priority tasks go
 * first, with room of their own. Both queues are bounded. While there is room, one client may use all of it (many
 * people behind one address, or a proxy the portal is not told to trust); when full, a task whose client has fewer
 * waiting than the longest lane's but one takes the latest place of that lane (which is turned away), so each
 * client keeps a fair share of the bound, and any other task is refused at once (`hasRoom`), never left waiting
 * without end.
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
  hasRoom(ticket: QueueTicket): boolean {
    return this.#admission(ticket) !== 'refused';
  }

  /** Runs `task` in its turn; `onFull` makes the error of a task refused (or turned away) for want of room. */
  run<T>(ticket: QueueTicket, task: () => Promise<T>, onFull: () => Error): Promise<T> {
    const admission = this.#admission(ticket);
    if (admission === 'refused') return Promise.reject(onFull());
    const queue = ticket.priority ? this.#priority : this.#others;
    if (admission !== 'room') queue.pop(admission.evict)?.drop();
    return new Promise<T>((resolve, reject) => {
      queue.push(ticket.client, {
        start: () => {
          this.#active++;
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              this.#active--;
              this.#next();
            });
        },
        drop: () => reject(onFull()),
      });
      this.#next();
    });
  }

  /** Room in `ticket`'s lane; else the client whose latest place it may take; else refused. */
  #admission({ client, priority = false }: QueueTicket): 'room' | 'refused' | { evict: string } {
    if (this.#active < this.#options.concurrency && this.waiting === 0) return 'room';
    const queue = priority ? this.#priority : this.#others;
    if (queue.size < (priority ? this.#options.maxPriorityWaiting : this.#options.maxWaiting)) return 'room';
    const longest = queue.longest();
    return longest && longest.waiting > queue.waitingOf(client) + 1 ? { evict: longest.client } : 'refused';
  }

  #next(): void {
    while (this.#active < this.#options.concurrency) {
      const job = this.#priority.shift() ?? this.#others.shift();
      if (!job) return;
      job.start();
    }
  }
}
