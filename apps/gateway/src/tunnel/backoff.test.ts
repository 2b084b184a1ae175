import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';

describe('reconnect backoff', () => {
  it('draws the delay from the whole window, which doubles with every failure', () => {
    const top = () => 0.999_999;
    expect([0, 1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, DEFAULT_BACKOFF, top))).toEqual([
      999, 1_999, 3_999, 7_999, 15_999, 31_999,
    ]);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(0);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0.5)).toBe(4_000);
  });

  it('never exceeds the cap, however many failures', () => {
    for (const attempt of [6, 7, 20, 1_000, Number.POSITIVE_INFINITY]) {
      expect(backoffDelay(attempt, DEFAULT_BACKOFF, () => 0.999_999)).toBe(59_999);
      expect(backoffDelay(attempt, DEFAULT_BACKOFF, () => 0.5)).toBe(30_000);
    }
  });

  it('follows the options it is given', () => {
    expect(backoffDelay(0, { baseMs: 10, capMs: 40 }, () => 0.5)).toBe(5);
    expect(backoffDelay(9, { baseMs: 10, capMs: 40 }, () => 0.5)).toBe(20);
  });
});
