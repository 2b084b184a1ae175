import { describe, expect, it } from 'vitest';
import {
  admissionOf,
  delayAfterFailures,
  inFlightFull,
  loginKeys,
  retryAfterMs,
  THROTTLE,
  withOneMore,
  withOneMoreInFlight,
} from './login-throttle.ts';

const at = (iso: string) => new Date(`2026-11-21T${iso}Z`);
const count = (failures: number, windowStartedAt: Date, lastFailureAt = windowStartedAt) => ({
  failures,
  windowStartedAt,
  lastFailureAt,
});

describe('delayAfterFailures', () => {
  it('does not slow the first two failures, then doubles from one second up to thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(delayAfterFailures)).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('retryAfterMs', () => {
  it('allows an attempt with no failures on record', () => {
    expect(retryAfterMs({}, at('10:00:00'))).toBe(0);
  });

  it('makes the third failure of an account wait one second, from wherever it comes', () => {
    expect(retryAfterMs({ account: count(3, at('10:00:00')) }, at('10:00:00.400'))).toBe(600);
    expect(retryAfterMs({ account: count(3, at('10:00:00')) }, at('10:00:01'))).toBe(0);
  });

  it('never keeps an account waiting longer than the short cap, however many failures it has', () => {
    const account = count(1000, at('10:00:00'), at('10:30:00'));
    expect(retryAfterMs({ account }, at('10:30:00'))).toBe(THROTTLE.accountMaxDelayMs);
    expect(retryAfterMs({ account }, at('10:30:30'))).toBe(0);
  });

  it('stops an (account, address) pair at its limit until its window is over', () => {
    const pair = count(THROTTLE.pairLimit, at('10:00:00'), at('10:30:00'));
    expect(retryAfterMs({ pair }, at('10:45:00'))).toBe(15 * 60 * 1000);
    expect(retryAfterMs({ pair: count(THROTTLE.pairLimit - 1, at('10:00:00')) }, at('10:45:00'))).toBe(0);
    expect(retryAfterMs({ pair }, at('11:00:00'))).toBe(0);
  });

  it('stops an address at its limit', () => {
    const address = count(THROTTLE.addressLimit, at('10:00:00'));
    expect(retryAfterMs({ address }, at('10:59:00'))).toBe(60 * 1000);
    expect(retryAfterMs({ address: count(THROTTLE.addressLimit - 1, at('10:00:00')) }, at('10:59:00'))).toBe(
      0,
    );
  });

  it('answers the longest of the waits that apply', () => {
    const counts = {
      pair: count(THROTTLE.pairLimit, at('10:00:00')),
      account: count(5, at('10:00:00'), at('10:50:00')),
    };
    expect(retryAfterMs(counts, at('10:50:00'))).toBe(10 * 60 * 1000);
  });
});

describe('attempts in flight', () => {
  const flying = (failures: number, inFlight: number, until = at('10:01:00')) => ({
    ...count(failures, at('10:00:00')),
    inFlight,
    inFlightUntil: until,
  });
  const now = at('10:00:10');

  it('are no failures: ten at once on one account and one pair delay nothing', () => {
    const nine = { pair: flying(0, 9), account: flying(0, 9), address: flying(0, 9) };
    expect(retryAfterMs(nine, now)).toBe(0);
    expect(admissionOf(nine, now)).toEqual({ admitted: true });
    const ten = { pair: flying(0, 9), account: flying(0, 10), address: flying(0, 10) };
    expect(inFlightFull(ten, now)).toBe(true);
  });

  it("keep a pair's and an address's failures and attempts in flight within their limits", () => {
    expect(inFlightFull({ pair: flying(THROTTLE.pairLimit - 3, 2) }, now)).toBe(false);
    expect(inFlightFull({ pair: flying(THROTTLE.pairLimit - 3, 3) }, now)).toBe(true);
    const address = flying(THROTTLE.addressLimit - 1, 1);
    expect(inFlightFull({ address }, now)).toBe(true);
    expect(inFlightFull({ address }, now, { waiveAddress: true })).toBe(false);
    // An account that has logged in from the address is held back by its own bounds only.
    expect(inFlightFull({ address }, now, { knownPair: true })).toBe(false);
    expect(inFlightFull({ address, pair: flying(0, THROTTLE.pairLimit) }, now, { knownPair: true })).toBe(
      true,
    );
  });

  it('pass one at a time once the account is slowed', () => {
    const slowed = flying(THROTTLE.accountFreeFailures + 1, 1);
    expect(inFlightFull({ account: slowed }, now)).toBe(true);
    expect(inFlightFull({ account: { ...slowed, inFlight: 0 } }, now)).toBe(false);
    expect(inFlightFull({ account: flying(THROTTLE.accountFreeFailures, 1) }, now)).toBe(false);
  });

  it('stop holding their places when they time out', () => {
    const stale = flying(0, THROTTLE.accountInFlightLimit, now);
    expect(inFlightFull({ account: stale }, now)).toBe(false);
    expect(withOneMoreInFlight(stale, now)).toEqual({
      inFlight: 1,
      inFlightUntil: new Date(now.getTime() + THROTTLE.inFlightTimeoutMs),
    });
  });

  it('answer a refusal for the attempts in flight with a short wait, the failures with theirs', () => {
    const full = { pair: flying(0, THROTTLE.pairLimit) };
    expect(admissionOf(full, now)).toMatchObject({
      admitted: false,
      retryAfterMs: THROTTLE.inFlightRetryMs,
      inFlightFull: true,
      waits: { pair: 0, account: 0, address: 0 },
    });
    const locked = { pair: flying(THROTTLE.pairLimit, 0) };
    expect(admissionOf(locked, now)).toMatchObject({ admitted: false, inFlightFull: false });
  });
});

describe('withOneMore', () => {
  it('counts within the window and starts a new one when it is over', () => {
    expect(withOneMore(undefined, at('10:00:00'))).toEqual(count(1, at('10:00:00')));
    expect(withOneMore(count(4, at('10:00:00')), at('10:20:00'))).toEqual(
      count(5, at('10:00:00'), at('10:20:00')),
    );
    expect(withOneMore(count(4, at('10:00:00')), at('11:00:00'))).toEqual(count(1, at('11:00:00')));
  });
});

describe('loginKeys', () => {
  it('keys the account by its email in any case, and the pair by account and address', () => {
    const keys = loginKeys('Customer@Demo.TEST', '203.0.113.7');
    expect(keys.account).toBe('account:customer@demo.test');
    expect(keys.address).toBe('address:203.0.113.7');
    expect(keys.pair).toBe(loginKeys('customer@demo.test', '203.0.113.7').pair);
    expect(keys.pair).not.toBe(loginKeys('customer@demo.test', '203.0.113.8').pair);
  });

  it('keeps the pair key short enough for the key column with the longest email and address', () => {
    const keys = loginKeys(`${'a'.repeat(243)}@example.com`, 'ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255');
    expect(Math.max(...Object.values(keys).map((key) => key.length))).toBeLessThanOrEqual(300);
  });
});
