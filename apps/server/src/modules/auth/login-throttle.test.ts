import { describe, expect, it } from 'vitest';
import { delayAfterFailures, retryAfterMs, THROTTLE } from './login-throttle.ts';

const at = (iso: string) => new Date(`2026-11-21T${iso}Z`);
const count = (failures: number, windowStartedAt: Date, lastFailureAt = windowStartedAt) => ({
  failures,
  windowStartedAt,
  lastFailureAt,
});

describe('delayAfterFailures', () => {
  it('does not slow the first two failures, then doubles from one second up to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9, 20].map(delayAfterFailures)).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 60_000, 60_000,
    ]);
  });
});

describe('retryAfterMs', () => {
  it('allows an attempt with no failures on record', () => {
    expect(retryAfterMs(undefined, undefined, at('10:00:00'))).toBe(0);
  });

  it('makes the third failure wait one second', () => {
    expect(retryAfterMs(count(3, at('10:00:00')), undefined, at('10:00:00.400'))).toBe(600);
    expect(retryAfterMs(count(3, at('10:00:00')), undefined, at('10:00:01'))).toBe(0);
  });

  it('stops an account at the limit until its window is over', () => {
    const account = count(THROTTLE.accountLimit, at('10:00:00'), at('10:30:00'));
    expect(retryAfterMs(account, undefined, at('10:45:00'))).toBe(15 * 60 * 1000);
    expect(retryAfterMs(account, undefined, at('11:00:00'))).toBe(0);
  });

  it('stops an address at its limit', () => {
    const address = count(THROTTLE.addressLimit, at('10:00:00'));
    expect(retryAfterMs(undefined, address, at('10:59:00'))).toBe(60 * 1000);
  });
});
