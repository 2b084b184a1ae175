import { createHash } from 'node:crypto';

/**
 * Limits on login attempts. The strict limit is per (account, address) pair, so an attacker blocks only
 * themselves; an account as a whole is only slowed down, never locked, so nobody can lock its owner out
 * from elsewhere. An address over its own limit is slowed, not locked (LoginGate), since many people
 * may share it behind NAT or a proxy. Every limit is computed from confirmed failures; attempts in flight
 * are counted apart (`inFlightFull`), so simultaneous correct sign-ins are never taken for failures.
 */
export const THROTTLE = {
  windowMs: 60 * 60 * 1000,
  /** Failures one address may have against one account in a window; then that pair waits for its end. */
  pairLimit: 10,
  /**
   * Failures one address may have over all accounts in a window; beyond, its attempts pass only one at a
   * time at LoginGate's slow rate, or for an account that has logged in from there.
   */
  addressLimit: 50,
  /** Failures an account may have, from anywhere, before each further attempt waits. */
  accountFreeFailures: 2,
  /** The wait after the third failure; it doubles with each further one, up to `accountMaxDelayMs`. */
  accountFirstDelayMs: 1000,
  /** Short enough that the owner gets in after an attack, long enough to keep guessing slow. */
  accountMaxDelayMs: 30 * 1000,
  /**
   * Attempts one account may have in flight at once (admitted, password not yet checked) while it has no delay:
   * ten simultaneous correct sign-ins (tabs, a script) all pass. Once the account is slowed, one at a time.
   */
  accountInFlightLimit: 10,
  /** An attempt in flight longer than this (its instance stopped mid-way) stops holding its place. */
  inFlightTimeoutMs: 60 * 1000,
  /** Retry-After of an attempt refused because too many are in flight: they end within a hash's time. */
  inFlightRetryMs: 1000,
  /**
   * Failures a known device (docs/design.md §10a) may have in a window, counting those in flight: its sign-ins pass
   * the limits above, so a stolen cookie gives this many guesses, then it is a stranger's until the window ends.
   */
  deviceLimit: 5,
} as const;

/**
 * Attempts under one key: the failures confirmed in its window (a password proved wrong), and the attempts in
 * flight, which are not failures: they only bound how many guesses can be judged at once.
 */
export interface FailureCount {
  failures: number;
  windowStartedAt: Date;
  /** When the latest failure was confirmed: the account's wait runs from here. */
  lastFailureAt: Date;
  /** Attempts admitted and not yet judged; they stop counting at `inFlightUntil`. */
  inFlight?: number;
  inFlightUntil?: Date | null;
}

export interface LoginKeys {
  pair: string;
  account: string;
  address: string;
}
export type LoginCounts = Partial<Record<keyof LoginKeys, FailureCount>>;

/** The counter keys of one attempt. */
export function loginKeys(email: string, address: string): LoginKeys {
  const account = email.toLowerCase();
  // Hashed: an email of 254 characters and an IPv6 address together would not fit the key column.
  const pair = createHash('sha256').update(`${account}\n${address}`).digest('base64url');
  return { pair: `pair:${pair}`, account: `account:${account}`, address: `address:${address}` };
}

/** Wait after the n-th failure of an account: nothing for the first two, then 1 s, 2 s, 4 s … up to 30 s. */
export function delayAfterFailures(failures: number): number {
  if (failures <= THROTTLE.accountFreeFailures) return 0;
  const doublings = failures - THROTTLE.accountFreeFailures - 1;
  return Math.min(THROTTLE.accountFirstDelayMs * 2 ** doublings, THROTTLE.accountMaxDelayMs);
}

const isLive = (count: FailureCount | undefined, now: Date): count is FailureCount =>
  count !== undefined && now.getTime() - count.windowStartedAt.getTime() < THROTTLE.windowMs;

/** Milliseconds until each key lets one more attempt through (0: now). */
export type LoginWaits = Record<keyof LoginKeys, number>;

/** How long each limit holds the next attempt back, given the confirmed failures so far. */
export function waitsOf(counts: LoginCounts, now: Date): LoginWaits {
  const windowEnd = (count: FailureCount) =>
    count.windowStartedAt.getTime() + THROTTLE.windowMs - now.getTime();
  const { pair, account, address } = counts;
  return {
    pair: isLive(pair, now) && pair.failures >= THROTTLE.pairLimit ? windowEnd(pair) : 0,
    address: isLive(address, now) && address.failures >= THROTTLE.addressLimit ? windowEnd(address) : 0,
    account: isLive(account, now)
      ? Math.max(0, account.lastFailureAt.getTime() + delayAfterFailures(account.failures) - now.getTime())
      : 0,
  };
}

/**
 * Milliseconds until one more attempt is allowed, or 0 when it is allowed now. `waiveAddress`: the
 * attempt is one the address may make over its limit (see LoginGate), so only its account's limits apply.
 */
export function retryAfterMs(counts: LoginCounts, now: Date, { waiveAddress = false } = {}): number {
  const waits = waitsOf(counts, now);
  return Math.max(waits.pair, waits.account, waiveAddress ? 0 : waits.address);
}

/** The count after one more failure: a window that is over starts again. */
export function withOneMore(count: FailureCount | undefined, now: Date): FailureCount {
  if (!isLive(count, now)) return { failures: 1, windowStartedAt: now, lastFailureAt: now };
  return { failures: count.failures + 1, windowStartedAt: count.windowStartedAt, lastFailureAt: now };
}

/** Attempts in flight under a key that still hold their places. */
export function inFlightOf(count: FailureCount | undefined, now: Date): number {
  if (!count?.inFlight || !count.inFlightUntil || count.inFlightUntil <= now) return 0;
  return count.inFlight;
}

/** The attempts in flight after one more is admitted: places that timed out are dropped. */
export function withOneMoreInFlight(
  count: FailureCount | undefined,
  now: Date,
): { inFlight: number; inFlightUntil: Date } {
  return {
    inFlight: inFlightOf(count, now) + 1,
    inFlightUntil: new Date(now.getTime() + THROTTLE.inFlightTimeoutMs),
  };
}

const failuresOf = (count: FailureCount | undefined, now: Date) => (isLive(count, now) ? count.failures : 0);

/**
 * Whether the attempts in flight leave no room for one more. They are not failures, but none may be judged
 * beyond what the limits allow should every one of them fail: a pair's and an address's failures plus attempts
 * in flight stay within their limits (so parallel guesses are bounded exactly as serial ones); an account with
 * no delay may have `accountInFlightLimit` in flight, and one that is slowed one at a time, each after its
 * delay. `waiveAddress`: the address's over-limit turn (LoginGate), so its count does not apply; `knownPair`:
 * the account has logged in from this address (LoginGate), so many sign-ins at once from one office's address
 * are not held back by the address's bound (the pair's and the account's still hold).
 */
export function inFlightFull(
  counts: LoginCounts,
  now: Date,
  { waiveAddress = false, knownPair = false } = {},
): boolean {
  const pending = (count: FailureCount | undefined) => failuresOf(count, now) + inFlightOf(count, now);
  if (pending(counts.pair) >= THROTTLE.pairLimit) return true;
  if (!waiveAddress && !knownPair && pending(counts.address) >= THROTTLE.addressLimit) return true;
  const slowed = failuresOf(counts.account, now) > THROTTLE.accountFreeFailures;
  return inFlightOf(counts.account, now) >= (slowed ? 1 : THROTTLE.accountInFlightLimit);
}

/**
 * Whether a known device may make one more attempt under its own budget: not once its failures reach
 * `deviceLimit` (`spent`, until its window ends), nor while its failures and attempts in flight together do.
 */
export function deviceAdmissionOf(
  count: FailureCount | undefined,
  now: Date,
): { admitted: true } | { admitted: false; spentForMs: number } {
  const failures = failuresOf(count, now);
  if (count && failures >= THROTTLE.deviceLimit) {
    return {
      admitted: false,
      spentForMs: count.windowStartedAt.getTime() + THROTTLE.windowMs - now.getTime(),
    };
  }
  if (failures + inFlightOf(count, now) >= THROTTLE.deviceLimit) return { admitted: false, spentForMs: 0 };
  return { admitted: true };
}

/** Whether one more attempt may be judged now; if not, when to ask again and what the failures decide. */
export type Admission =
  | { admitted: true }
  | { admitted: false; retryAfterMs: number; waits: LoginWaits; inFlightFull: boolean };

export function admissionOf(
  counts: LoginCounts,
  now: Date,
  { waiveAddress = false, knownPair = false } = {},
): Admission {
  const wait = retryAfterMs(counts, now, { waiveAddress });
  const waits = waitsOf(counts, now);
  if (wait > 0) return { admitted: false, retryAfterMs: wait, waits, inFlightFull: false };
  if (inFlightFull(counts, now, { waiveAddress, knownPair })) {
    return { admitted: false, retryAfterMs: THROTTLE.inFlightRetryMs, waits, inFlightFull: true };
  }
  return { admitted: true };
}
