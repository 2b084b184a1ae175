import { RefusalMemory } from '../../shared/refusal-memory.ts';
import {
  type FailureCount,
  type LoginCounts,
  type LoginKeys,
  type LoginWaits,
  THROTTLE,
  waitsOf,
} from './login-throttle.ts';

export const LOGIN_GATE = {
  /**
   * While an address is over its limit, one attempt from it is let through this often (per instance), to
   * be judged like any other: a correct password behind a shared address gets in within a minute of a
   * flood ending, while a guesser gains at most one guess a minute over the limit.
   */
  overLimitIntervalMs: 60 * 1000,
  /** Accounts remembered as having logged in from an address. */
  knownPairs: 50_000,
} as const;

export type GateVerdict =
  | { pass: false; retryAfterMs: number }
  /**
   * `waiveAddress`: the address is over its limit and this attempt may be made all the same. `knownPair`: the
   * account has logged in from this address, so the address's bound on attempts in flight does not hold it.
   */
  | { pass: true; waiveAddress: boolean; knownPair: boolean };

/**
 * The in-memory half of the login limits, asked before any database query or hash. It remembers the
 * refusals the database counters (LoginThrottleRepository, shared by every instance) have decided, and
 * answers them itself until they end, so a flood from one address costs each request a map lookup.
 *
 * An address over its limit is not locked: many people may share it. Its attempts pass one a minute
 * (`overLimitIntervalMs`), each judged and counted as usual; and an account that has logged in from that
 * address passes at once, since only the password's owner can have made it known. A correct password is
 * thus never refused for its address's count alone; the per-account limits (the pair's lock, the
 * account's delay) hold as before.
 */
export class LoginGate {
  readonly #refusals = new RefusalMemory();
  /** Pair keys that have logged in, least recent first. */
  readonly #knownPairs = new Set<string>();

  /** Whether an attempt may go on to the database, judged from memory alone. */
  check(keys: LoginKeys, now: Date): GateVerdict {
    const accountWait = Math.max(
      this.#refusals.waitOf(keys.pair, now),
      this.#refusals.waitOf(keys.account, now),
    );
    if (accountWait > 0) return { pass: false, retryAfterMs: accountWait };
    const knownPair = this.#knownPairs.has(keys.pair);
    if (this.#refusals.waitOf(keys.address, now) === 0) return { pass: true, waiveAddress: false, knownPair };
    if (knownPair) return { pass: true, waiveAddress: true, knownPair };
    const turn = `over-limit:${keys.address}`;
    const wait = this.#refusals.waitOf(turn, now);
    if (wait > 0) return { pass: false, retryAfterMs: wait };
    this.#refusals.refuse(turn, LOGIN_GATE.overLimitIntervalMs, now);
    return { pass: true, waiveAddress: true, knownPair };
  }

  /** The database refused an attempt: its waits are remembered. */
  refused(keys: LoginKeys, waits: LoginWaits, now: Date): void {
    for (const kind of ['pair', 'account', 'address'] as const)
      this.#refusals.refuse(keys[kind], waits[kind], now);
  }

  /** The database recorded a failure: what the counts now refuse is remembered. */
  failed(keys: LoginKeys, counts: LoginCounts, now: Date): void {
    this.refused(keys, waitsOf(counts, now), now);
  }

  /**
   * The password was right: the account's failures are forgiven; the address's stay, so its refusal is
   * forgotten only if its count (`address`, as the database answered it) is under the limit.
   */
  succeeded(keys: LoginKeys, address: FailureCount | undefined): void {
    this.#refusals.forget(keys.pair);
    this.#refusals.forget(keys.account);
    if ((address?.failures ?? 0) < THROTTLE.addressLimit) this.#refusals.forget(keys.address);
    this.#knownPairs.delete(keys.pair);
    this.#knownPairs.add(keys.pair);
    if (this.#knownPairs.size > LOGIN_GATE.knownPairs) {
      const [oldest] = this.#knownPairs;
      if (oldest !== undefined) this.#knownPairs.delete(oldest);
    }
  }

  /** Milliseconds until a known device (its `device:` key) may use its own budget again: 0 unless it is spent. */
  deviceWait(deviceKey: string, now: Date): number {
    return this.#refusals.waitOf(deviceKey, now);
  }

  /** A known device's budget is spent for `waitMs`: until then it is asked no more, and signs in as a stranger. */
  deviceSpent(deviceKey: string, waitMs: number, now: Date): void {
    this.#refusals.refuse(deviceKey, waitMs, now);
  }

  /** Forgets everything, as if the process had just started (tests that delete the counters). */
  clear(): void {
    this.#refusals.clear();
    this.#knownPairs.clear();
  }
}
