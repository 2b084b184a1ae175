import { DeadlinePassedError, QueueFullError } from './errors.ts';

/** Gives a slot back; calling it more than once has no further effect. */
export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
  fail: (error: unknown) => void;
}

/**
 * At most a few requests at once per board (RRF serves 3 to 6 at a time, docs/duet-http.md §1.1) and a
 * bounded number waiting. A waiter leaves the queue the moment its deadline passes or its stream is
 * cancelled, so it is never sent late and never sent for nobody.
 */
export class BoardSlots {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #waiters = new Set<Waiter>();
  #active = 0;

  constructor(concurrency: number, maxWaiting: number) {
    this.#concurrency = concurrency;
    this.#maxWaiting = maxWaiting;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiters.size;
  }

  /** A slot now, or null when all are taken (for work that may simply be skipped, like a keep-alive). */
  tryAcquire(): Release | null {
    if (this.#active >= this.#concurrency) return null;
    this.#active++;
    return this.#releaser();
  }

  /**
   * Resolves with a slot once one is free. Rejects at once with QueueFullError when too many already wait, with
   * DeadlinePassedError when `waitMs` runs out first, and with the signal's reason when it is aborted first.
   */
  acquire({ signal, waitMs }: { signal?: AbortSignal; waitMs: number }): Promise<Release> {
    const now = this.tryAcquire();
    if (now) return Promise.resolve(now);
    if (this.#waiters.size >= this.#maxWaiting) return Promise.reject(new QueueFullError());
    signal?.throwIfAborted();
    return new Promise<Release>((resolve, reject) => {
      const leave = () => {
        this.#waiters.delete(waiter);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        grant: (release) => {
          leave();
          resolve(release);
        },
        fail: (error) => {
          leave();
          reject(error);
        },
      };
      const onAbort = () => waiter.fail(signal?.reason);
      const timer = setTimeout(() => waiter.fail(new DeadlinePassedError()), Math.max(0, waitMs));
      timer.unref();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.add(waiter);
    });
  }

  #releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.values().next();
      if (next.done) this.#active--;
      else next.value.grant(this.#releaser());
    };
  }
}
