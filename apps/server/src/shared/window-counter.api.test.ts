import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { gatewayPairingLimits } from '../db/schema.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { WindowCounter, windowWait } from './window-counter.ts';

const WINDOW_MS = 10 * 60_000;
const start = new Date('2026-01-05T10:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);

let database: DatabaseHandle;
let counter: WindowCounter;
beforeAll(async () => {
  database = await openTestDatabase('empty');
  // Any table of the counter's shape serves: the pairing limits' is one.
  counter = new WindowCounter(database.db, gatewayPairingLimits, WINDOW_MS);
});
afterAll(() => database.close());

let keySerial = 0;
const freshKey = () => `test:${++keySerial}`;

describe('a fixed-window counter', () => {
  it('counts each key apart, from the first request of its window', async () => {
    const [one, other] = [freshKey(), freshKey()];
    expect(await counter.count(one, start)).toEqual({ requests: 1, windowStartedAt: start });
    expect(await counter.count(one, after(1000))).toEqual({ requests: 2, windowStartedAt: start });
    expect(await counter.count(other, after(2000))).toEqual({ requests: 1, windowStartedAt: after(2000) });
  });

  it('gives requests at once each their own count', async () => {
    const key = freshKey();
    const counts = await Promise.all(Array.from({ length: 5 }, () => counter.count(key, start)));
    expect(counts.map((count) => count.requests).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts a window again at the first request after it is over', async () => {
    const key = freshKey();
    await counter.count(key, start);
    expect((await counter.count(key, after(WINDOW_MS - 1))).requests).toBe(2);
    expect(await counter.count(key, after(WINDOW_MS))).toEqual({
      requests: 1,
      windowStartedAt: after(WINDOW_MS),
    });
  });

  it('prunes the counters whose window is over, and only those', async () => {
    const [over, live] = [freshKey(), freshKey()];
    await counter.count(over, start);
    await counter.count(live, after(1000));
    await counter.pruneOver(after(WINDOW_MS));
    const keys = (await database.db.select().from(gatewayPairingLimits)).map((row) => row.key);
    expect(keys).toContain(live);
    expect(keys).not.toContain(over);
  });

  it('says how long until one more request is allowed, nothing while within the limit', () => {
    expect(windowWait({ requests: 20, windowStartedAt: start }, 20, WINDOW_MS, start)).toBe(0);
    expect(windowWait({ requests: 21, windowStartedAt: start }, 20, WINDOW_MS, after(4 * 60_000))).toBe(
      6 * 60_000,
    );
  });
});
