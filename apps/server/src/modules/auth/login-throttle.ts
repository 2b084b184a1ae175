import { createHash } from 'node:crypto';

/**
 * Limits on login attempts. Strict limits are per (account, address) pair and per address, so an
 * attacker blocks only themselves; an account as a whole is only slowed down, never locked, so nobody
 * can lock its owner out from elsewhere.
 */
export const THROTTLE = {
  windowMs: 60 * 60 * 1000,
  /** Failures one address may have against one account in a window; then that pair waits for its end. */
  pairLimit: 10,
  /** Failures one address may have over all accounts in a window. */
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

/** Milliseconds until one more attempt is allowed, or 0 when it is allowed now. */
export function retryAfterMs(counts: LoginCounts, now: Date): number {
  const windowEnd = (count: FailureCount) =>
    count.windowStartedAt.getTime() + THROTTLE.windowMs - now.getTime();
  const waits = [0];
  const { pair, account, address } = counts;
  if (isLive(pair, now) && pair.failures >= THROTTLE.pairLimit) waits.push(windowEnd(pair));
  if (isLive(address, now) && address.failures >= THROTTLE.addressLimit) waits.push(windowEnd(address));
  if (isLive(account, now)) {
    waits.push(account.lastFailureAt.getTime() + delayAfterFailures(account.failures) - now.getTime());
  }
  return Math.max(...waits);
}

/** The count after one more attempt: a window that is over starts again. */
export function withOneMore(count: FailureCount | undefined, now: Date): FailureCount {
  if (!isLive(count, now)) return { failures: 1, windowStartedAt: now, lastFailureAt: now };
  return { failures: count.failures + 1, windowStartedAt: count.windowStartedAt, lastFailureAt: now };
}
