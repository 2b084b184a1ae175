import { describe, expect, it } from 'vitest';
import { EventThrottle } from './event-throttle.ts';

function clockAt(start = 0) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('EventThrottle', () => {
  it('admits the first event of a key, then none until the window has passed', () => {
    const time = clockAt();
    const throttle = new EventThrottle(time.clock, 5 * 60_000);
    expect(throttle.admit('7:halted')).toBe(true);
    expect(throttle.admit('7:halted')).toBe(false);
    time.advance(5 * 60_000 - 1);
    expect(throttle.admit('7:halted')).toBe(false);
    time.advance(1);
    expect(throttle.admit('7:halted')).toBe(true);
    expect(throttle.admit('7:halted')).toBe(false);
  });

  it('measures the window from the last admitted event, not from refused ones', () => {
    const time = clockAt();
    const throttle = new EventThrottle(time.clock, 1000);
    throttle.admit('k');
    time.advance(900);
    expect(throttle.admit('k')).toBe(false);
    time.advance(100);
    expect(throttle.admit('k')).toBe(true);
  });

  it('keeps each key (machine and kind) on its own', () => {
    const time = clockAt();
    const throttle = new EventThrottle(time.clock, 1000);
    expect(throttle.admit('7:halted')).toBe(true);
    expect(throttle.admit('7:boardOffline')).toBe(true);
    expect(throttle.admit('8:halted')).toBe(true);
    expect(throttle.admit('7:halted')).toBe(false);
  });

  it('forgets keys whose window has passed once it remembers many, and still throttles the recent ones', () => {
    const time = clockAt();
    const throttle = new EventThrottle(time.clock, 1000);
    for (let i = 0; i < 1000; i++) throttle.admit(`old:${i}`);
    time.advance(1000);
    for (let i = 0; i < 100; i++) throttle.admit(`new:${i}`);
    expect(throttle.admit('new:5')).toBe(false);
    expect(throttle.admit('old:5')).toBe(true);
  });
});
