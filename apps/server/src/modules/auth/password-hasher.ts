import argon2 from 'argon2';
import pLimit from 'p-limit';

/** OWASP's floor for argon2id: 19 MiB, two passes (one lane). */
export const DEFAULT_HASHING_COST = { memoryCost: 19_456, timeCost: 2 } as const;

/**
 * Hashes and verifies passwords with argon2id, at most two at once: a flood of logins queues here
 * instead of taking every core from the requests already in flight.
 */
export class PasswordHasher {
  readonly #limit = pLimit(2);
  readonly #options: {
    type: typeof argon2.argon2id;
    parallelism: number;
    memoryCost: number;
    timeCost: number;
  };
  /** Verified against for unknown accounts, so they cost the same time as known ones. */
  readonly #dummyHash: Promise<string>;

  constructor(cost: { memoryCost: number; timeCost: number } = DEFAULT_HASHING_COST) {
    this.#options = { type: argon2.argon2id, parallelism: 1, ...cost };
    this.#dummyHash = this.hash('not-a-real-password-0!');
  }

  hash(password: string): Promise<string> {
    return this.#limit(() => argon2.hash(password, this.#options));
  }

  async verify(hash: string | undefined, password: string): Promise<boolean> {
    const target = hash ?? (await this.#dummyHash);
    const matches = await this.#limit(() => argon2.verify(target, password).catch(() => false));
    return matches && hash !== undefined;
  }
}
