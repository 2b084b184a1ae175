/** Keys remembered at most; beyond, the oldest are forgotten and the database decides for them again. */
const DEFAULT_CAPACITY = 100_000;

/**
 * Refusals a limit kept in the database has already decided, remembered by this process until they end,
 * so that a flood the limit refuses costs no database query (nor, for logins, a hash). It holds only what
 * the database answered, so it refuses nothing the database would let through, unless another instance
 * has since taken a count back: then the wait outlasts the database's, never beyond the limit's window.
 */
export class RefusalMemory {
  /** Key → when its refusal ends (epoch milliseconds), oldest first. */
  readonly #until = new Map<string, number>();
  readonly #capacity: number;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.#capacity = capacity;
  }

  /** Milliseconds until `key` is no longer refused, or 0. */
  waitOf(key: string, now: Date): number {
    const until = this.#until.get(key);
    if (until === undefined) return 0;
    const wait = until - now.getTime();
    if (wait > 0) return wait;
    this.#until.delete(key);
    return 0;
  }

  /** Remembers that `key` is refused for `waitMs` from `now` (nothing when it is not refused). */
  refuse(key: string, waitMs: number, now: Date): void {
    this.#until.delete(key);
    if (waitMs <= 0) return;
    if (this.#until.size >= this.#capacity) this.#makeRoom(now);
    this.#until.set(key, now.getTime() + waitMs);
  }

  forget(key: string): void {
    this.#until.delete(key);
  }

  /** Forgets everything (the counters behind it were deleted). */
  clear(): void {
    this.#until.clear();
  }

  get size(): number {
    return this.#until.size;
  }

  /** Drops the refusals that are over; if that frees less than a tenth, the oldest go too. */
  #makeRoom(now: Date): void {
    for (const [key, until] of this.#until) if (until <= now.getTime()) this.#until.delete(key);
    const target = this.#capacity - Math.ceil(this.#capacity / 10);
    for (const key of this.#until.keys()) {
      if (this.#until.size <= target) break;
      this.#until.delete(key);
    }
  }
}
