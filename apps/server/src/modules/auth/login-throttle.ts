import { createHash } from 'node:crypto';

/**
 * Limits on login attempts. The strict limit is per (account, address) pair, so an attacker blocks only
 * themselves; an account as a whole is only slowed down, never locked, so nobody can lock its owner out
 * from elsewhere. An address over its own limit is slowed, not locked (LoginGate), since many people
 * may share it behind NAT or a proxy.
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
} as const;

/** Failed attempts under one key; an attempt counts from its start until it proves to be right. */
export interface FailureCount {
  failures: number;
  windowStartedAt: Date;
  /** When the latest counted attempt started: the account's wait runs from here. */
  lastFailureAt: Date;
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

/** How long each limit holds the next attempt back, given the counts so far. */
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

/** The count after one more attempt: a window that is over starts again. */
export function withOneMore(count: FailureCount | undefined, now: Date): FailureCount {
  if (!isLive(count, now)) return { failures: 1, windowStartedAt: now, lastFailureAt: now };
  return { failures: count.failures + 1, windowStartedAt: count.windowStartedAt, lastFailureAt: now };
}
