import argon2 from 'argon2';
import pLimit from 'p-limit';
import { AppError } from './app-error.ts';

/** OWASP's floor for argon2id: 19 MiB, two passes (one lane). */
export const DEFAULT_HASHING_COST = { memoryCost: 19_456, timeCost: 2 } as const;

export interface PasswordHasherOptions {
  /** argon2id memory (KiB) and passes; tests use a cheap one. */
  cost?: { memoryCost: number; timeCost: number };
  /** Hashes computed at once. */
  concurrency?: number;
  /** Hashes that may wait for their turn; one more is refused at once. */
  maxWaiting?: number;
}

/**
 * Two at once leave the other cores to the requests in flight; 64 waiting behind them is about two
 * seconds on a slow machine, a wait a person accepts at login.
 */
export const HASHER_DEFAULTS = { concurrency: 2, maxWaiting: 64 } as const;

/**
 * Hashes and verifies passwords with argon2id, a few at once: a flood of logins queues here instead of
 * taking every core from the requests already in flight, and beyond a bounded queue it is turned away.
 */
export class PasswordHasher {
  readonly #limit: ReturnType<typeof pLimit>;
  readonly #capacity: number;
  readonly #argon2: { type: typeof argon2.argon2id; parallelism: 1; memoryCost: number; timeCost: number };
  /** Verified against for unknown accounts, so they cost the same time as known ones. */
  readonly #dummyHash: Promise<string>;

  constructor({
    cost = DEFAULT_HASHING_COST,
    concurrency = HASHER_DEFAULTS.concurrency,
    maxWaiting = HASHER_DEFAULTS.maxWaiting,
  }: PasswordHasherOptions = {}) {
    this.#limit = pLimit(concurrency);
    this.#capacity = concurrency + maxWaiting;
    this.#argon2 = { type: argon2.argon2id, parallelism: 1, ...cost };
    this.#dummyHash = this.hash('not-a-real-password-0!');
  }

  /** Throws SERVER_BUSY (503, Retry-After) when a hash asked for now would find the queue full. */
  assertAvailable(): void {
    if (this.#limit.activeCount + this.#limit.pendingCount >= this.#capacity) {
      throw new AppError('SERVER_BUSY', undefined, { headers: { 'retry-after': '1' } });
    }
  }

  hash(password: string): Promise<string> {
    return this.#run(() => argon2.hash(password, this.#argon2));
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    const target = hash ?? (await this.#dummyHash);
    const matches = await this.#run(() => argon2.verify(target, password).catch(() => false));
    return matches && hash !== undefined;
  }

  async #run<T>(task: () => Promise<T>): Promise<T> {
    this.assertAvailable();
    return this.#limit(task);
  }
}
