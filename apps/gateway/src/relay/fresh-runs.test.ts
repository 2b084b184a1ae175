import { describe, expect, it } from 'vitest';
import { FreshRuns } from './fresh-runs.ts';

/** An operation whose runs are counted and finish when the test says. */
function heldOperation() {
  const finishers: (() => void)[] = [];
  let runs = 0;
  const operation = () =>
    new Promise<number>((resolve) => {
      const run = ++runs;
      finishers.push(() => resolve(run));
    });
  return { operation, finishers, runs: () => runs };
}

describe('fresh runs', () => {
  it('runs at once when nothing runs', async () => {
    const runs = new FreshRuns<number>();
    const held = heldOperation();
    const first = runs.next(held.operation);
    held.finishers[0]?.();
    expect(await first).toBe(1);
  });

  it('has callers that come while a run is in flight share the next run, started once it ends', async () => {
    const runs = new FreshRuns<number>();
    const held = heldOperation();
    const early = runs.next(held.operation);
    const late = [runs.next(held.operation), runs.next(held.operation)];
    expect(held.runs()).toBe(1);
    held.finishers[0]?.();
    expect(await early).toBe(1);
    await expect.poll(() => held.runs()).toBe(2);
    const later = runs.next(held.operation); // a third run: the second one started before this call
    held.finishers[1]?.();
    expect(await Promise.all(late)).toEqual([2, 2]);
    await expect.poll(() => held.runs()).toBe(3);
    held.finishers[2]?.();
    expect(await later).toBe(3);
  });

  it('starts the queued run even when the one before it failed', async () => {
    const runs = new FreshRuns<string>();
    let fail = true;
    const operation = async () => {
      if (fail) {
        fail = false;
        throw new Error('board gone');
      }
      return 'read';
    };
    const first = runs.next(operation);
    const second = runs.next(operation);
    await expect(first).rejects.toThrow('board gone');
    expect(await second).toBe('read');
  });
});
