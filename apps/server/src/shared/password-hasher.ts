import argon2 from 'argon2';
import { AppError } from './app-error.ts';
import { FairQueue, type QueueTicket } from './fair-queue.ts';

/** OWASP's floor for argon2id: 19 MiB, two passes (one lane). */
export const DEFAULT_HASHING_COST = { memoryCost: 19_456, timeCost: 2 } as const;

export interface PasswordHasherOptions {
  /** argon2id memory (KiB) and passes; tests use a cheap one. */
  cost?: { memoryCost: number; timeCost: number };
  /** Hashes computed at once. */
  concurrency?: number;
  /** Hashes that may wait for their turn, all addresses together; one more is refused at once. */
  maxWaiting?: number;
  /** Hashes of sign-ins from known devices that may wait, apart from the others. */
  maxPriorityWaiting?: number;
}

/**
 * Two at once leave the other cores to the requests in flight; 64 waiting behind them is about two seconds on a
 * slow machine, a wait a person accepts at login; when they are taken, each address keeps its fair share of them
 * (`FairQueue`). Sixteen more for sign-ins from known devices, ahead of the rest.
 */
export const HASHER_DEFAULTS = {
  concurrency: 2,
  maxWaiting: 64,
  maxPriorityWaiting: 16,
} as const;

/** Hashes the server asks for itself (seeding, an administrator's new user): a lane of their own. */
export const INTERNAL_HASHING: QueueTicket = { client: 'internal' };

const busy = () => new AppError('SERVER_BUSY', undefined, { headers: { 'retry-after': '1' } });

/**
 * Hashes and verifies passwords with argon2id, a few at once: a flood of logins queues here instead of taking
 * every core from the requests already in flight, and beyond a bounded queue it is turned away. The queue is
 * fair (`FairQueue`): each address waits in a lane of its own, served in turn, and sign-ins from known devices go
 * first, so a flood from many addresses cannot starve everyone else.
 */
export class PasswordHasher {
  readonly #queue: FairQueue;
  readonly #argon2: { type: typeof argon2.argon2id; parallelism: 1; memoryCost: number; timeCost: number };
  /** Verified against for unknown accounts, so they cost the same time as known ones. */
  readonly #dummyHash: Promise<string>;

  constructor({
    cost = DEFAULT_HASHING_COST,
    concurrency = HASHER_DEFAULTS.concurrency,
    maxWaiting = HASHER_DEFAULTS.maxWaiting,
    maxPriorityWaiting = HASHER_DEFAULTS.maxPriorityWaiting,
  }: PasswordHasherOptions = {}) {
    this.#queue = new FairQueue({ concurrency, maxWaiting, maxPriorityWaiting });
    this.#argon2 = { type: argon2.argon2id, parallelism: 1, ...cost };
    this.#dummyHash = this.hash('not-a-real-password-0!');
  }

  /** Throws SERVER_BUSY (503, Retry-After) when a hash asked for now by `ticket` would find its lane full. */
  assertAvailable(ticket: QueueTicket = INTERNAL_HASHING): void {
    if (!this.#queue.hasRoom(ticket)) throw busy();
  }

  hash(password: string, ticket: QueueTicket = INTERNAL_HASHING): Promise<string> {
    return this.#queue.run(ticket, () => argon2.hash(password, this.#argon2), busy);
  }

  async verify(
    hash: string | undefined,
    password: string,
    ticket: QueueTicket = INTERNAL_HASHING,
  ): Promise<boolean> {
    const target = hash ?? (await this.#dummyHash);
    const matches = await this.#queue.run(
      ticket,
      () => argon2.verify(target, password).catch(() => false),
      busy,
    );
    return matches && hash !== undefined;
  }
}
