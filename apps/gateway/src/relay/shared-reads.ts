import { type BoardRequest, routePath } from '@portal/duet/protocol';

/**
 * Object-model reads the gateway may answer from one reading of the board (docs/design.md §5b): they only read, and
 * a board answers the same query the same way until its state moves on. G-code replies (`rr_reply`), uploads'
 * results and session requests are each client's own and always reach the board.
 */
const SHARED_READ_PATHS = new Set(['/rr_model', '/rr_status', '/machine/model', '/machine/status']);

export function isSharedRead(request: BoardRequest): boolean {
  return request.method === 'GET' && SHARED_READ_PATHS.has(routePath(request));
}

/** Queries kept at once; a client asking for more distinct ones within the window simply reads the board. */
const MAX_KEPT = 32;

interface Kept<T> {
  readonly startedAt: number;
  readonly reading: Promise<T>;
}

export interface SharedReadsOptions {
  /** How old a reading may be and still answer another client: the board's own update interval. 0 shares only reads in flight. */
  maxAgeMs: number;
  /** Milliseconds of a monotonic clock; injectable for tests. */
  now?: () => number;
}

/**
 * Readings of one board shared among the clients asking the same query: a client gets a reading that started at most
 * `maxAgeMs` before it asked and after the last change any client sent, so a client never sees the board older than
 * its own last command, and the readings one client gets never go back in time. A reading that failed is never kept:
 * the clients waiting for it share the failure, the next one reads again.
 */
export class SharedReads<T> {
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #kept = new Map<string, Kept<T>>();

  constructor(options: SharedReadsOptions) {
    this.#maxAgeMs = options.maxAgeMs;
    this.#now = options.now ?? (() => performance.now());
  }

  /**
   * A reading for `key`: the kept one while it is young enough, else a new one from `read`, kept for the clients
   * that follow when `keep` says its outcome may answer them.
   */
  read(key: string, read: () => Promise<T>, keep: (outcome: T) => boolean): Promise<T> {
    const now = this.#now();
    const kept = this.#kept.get(key);
    if (kept && now - kept.startedAt <= this.#maxAgeMs) return kept.reading;
    if (!kept && this.#kept.size >= MAX_KEPT) this.#dropOld(now);
    if (!kept && this.#kept.size >= MAX_KEPT) return read();
    const entry: Kept<T> = { startedAt: now, reading: read() };
    this.#kept.set(key, entry);
    const forget = () => {
      if (this.#kept.get(key) === entry) this.#kept.delete(key);
    };
    entry.reading.then((outcome) => {
      if (!keep(outcome)) forget();
    }, forget);
    return entry.reading;
  }

  /** A client sent the board a change: no reading taken before it answers anyone after it. */
  changed(): void {
    this.#kept.clear();
  }

  #dropOld(now: number): void {
    for (const [key, kept] of this.#kept) {
      if (now - kept.startedAt > this.#maxAgeMs) this.#kept.delete(key);
    }
  }
}
