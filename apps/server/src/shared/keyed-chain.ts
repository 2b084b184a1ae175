/**
 * Tasks run one after another per key (one machine's events, one board's readings) and in parallel across keys. A
 * key is forgotten once its last task is done, so only keys with work under way are held.
 */
export class KeyedChain<Key> {
  /** Each key's last task, settled never as a rejection: what the next one waits for. */
  readonly #last = new Map<Key, Promise<unknown>>();

  /** Runs `task` once every task of `key` started before it is done (failed ones too); answers its outcome. */
  run<T>(key: Key, task: () => Promise<T>): Promise<T> {
    const previous = this.#last.get(key);
    const outcome = previous ? previous.then(task) : task();
    const tracked: Promise<unknown> = outcome
      .catch(() => undefined)
      .finally(() => {
        if (this.#last.get(key) === tracked) this.#last.delete(key);
      });
    this.#last.set(key, tracked);
    return outcome;
  }

  /** How many keys have work under way. */
  get size(): number {
    return this.#last.size;
  }

  /** Resolves once every task run so far, and every one run meanwhile, is done. */
  async idle(): Promise<void> {
    while (this.#last.size > 0) await Promise.allSettled([...this.#last.values()]);
  }
}
