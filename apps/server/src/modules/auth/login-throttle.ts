import type { FailureCount } from './login-throttle.repository.ts';

/** Limits on failed logins (issue: about 10 an hour per account, slowing from the third). */
export const THROTTLE = {
  windowMs: 60 * 60 * 1000,
  accountLimit: 10,
  /** Failures an account may have before each further attempt must wait. */
  accountFreeFailures: 2,
  maxDelayMs: 60 * 1000,
  addressLimit: 50,
} as const;

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

/** Wait after the n-th failure: nothing for the first two, then 1 s, 2 s, 4 s … up to a minute. */
export function delayAfterFailures(failures: number): number {
  if (failures <= THROTTLE.accountFreeFailures) return 0;
  return Math.min(1000 * 2 ** (failures - THROTTLE.accountFreeFailures - 1), THROTTLE.maxDelayMs);
}

/**
 * Milliseconds until the next attempt is allowed, or 0 when it is allowed now.
 * Counters from a window that is over no longer count.
 */
export function retryAfterMs(
  account: FailureCount | undefined,
  address: FailureCount | undefined,
  now: Date,
): number {
  const live = (count: FailureCount | undefined) =>
    count && now.getTime() - count.windowStartedAt.getTime() < THROTTLE.windowMs ? count : undefined;
  const windowEnd = (count: FailureCount) =>
    count.windowStartedAt.getTime() + THROTTLE.windowMs - now.getTime();
  const waits: number[] = [0];
  const liveAddress = live(address);
  if (liveAddress && liveAddress.failures >= THROTTLE.addressLimit) waits.push(windowEnd(liveAddress));
  const liveAccount = live(account);
  if (liveAccount) {
    if (liveAccount.failures >= THROTTLE.accountLimit) waits.push(windowEnd(liveAccount));
    const slowedUntil = liveAccount.lastFailureAt.getTime() + delayAfterFailures(liveAccount.failures);
    waits.push(slowedUntil - now.getTime());
  }
  return Math.max(...waits);
}
