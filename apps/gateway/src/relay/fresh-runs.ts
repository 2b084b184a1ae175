/**
 * One operation shared by the callers that need it at the same time, each getting a run that started after its
 * call: the run in flight may have read the board too early for a newcomer, so newcomers share the next run, queued
 * behind it. The gateway reads a board's G-code replies this way (docs/design.md §5b): however many clients ask
 * at once, the board is read at most twice, and every client's answer holds every reply made before it asked.
 */
export class FreshRuns<T> {
  #running: Promise<T> | null = null;
  #queued: Promise<T> | null = null;

  /** A run of `operation` that starts after this call; the `operation` of the first caller in a queue is run. */
  next(operation: () => Promise<T>): Promise<T> {
    if (this.#queued) return this.#queued;
    const start = (): Promise<T> => {
      this.#queued = null;
      const running: Promise<T> = operation().finally(() => {
        if (this.#running === running) this.#running = null;
      });
      this.#running = running;
      return running;
    };
    if (!this.#running) return start();
    this.#queued = this.#running.then(start, start);
    return this.#queued;
  }
}
