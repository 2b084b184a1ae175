import { describe, expect, it } from 'vitest';
import { BoardSlots } from './board-slots.ts';
import { DeadlinePassedError, QueueFullError } from './errors.ts';

describe('board slots', () => {
  it('runs at most `concurrency` at once and hands slots on in arrival order', async () => {
    const slots = new BoardSlots(2, 10);
    const first = await slots.acquire({ waitMs: 1_000 });
    await slots.acquire({ waitMs: 1_000 });
    expect(slots.tryAcquire()).toBeNull();
    const order: string[] = [];
    const a = slots.acquire({ waitMs: 1_000 }).then((release) => {
      order.push('a');
      return release;
    });
    const b = slots.acquire({ waitMs: 1_000 }).then(() => order.push('b'));
    expect(slots.waiting).toBe(2);
    first();
    first(); // a second call changes nothing
    (await a)();
    await b;
    expect(order).toEqual(['a', 'b']);
    expect(slots.active).toBe(2);
    expect(slots.waiting).toBe(0);
  });

  it('refuses a waiter beyond the queue bound', async () => {
    const slots = new BoardSlots(1, 1);
    slots.tryAcquire();
    const waiting = slots.acquire({ waitMs: 1_000 });
    await expect(slots.acquire({ waitMs: 1_000 })).rejects.toBeInstanceOf(QueueFullError);
    expect(slots.waiting).toBe(1);
    waiting.catch(() => {});
  });

  it('drops a waiter whose deadline passes, and the freed slot goes to the next one', async () => {
    const slots = new BoardSlots(1, 5);
    const busy = slots.tryAcquire() as () => void;
    await expect(slots.acquire({ waitMs: 5 })).rejects.toBeInstanceOf(DeadlinePassedError);
    expect(slots.waiting).toBe(0);
    const next = slots.acquire({ waitMs: 1_000 });
    busy();
    await expect(next).resolves.toBeTypeOf('function');
  });

  it('drops a waiter whose signal aborts, and never grants it a slot', async () => {
    const slots = new BoardSlots(1, 5);
    const busy = slots.tryAcquire() as () => void;
    const controller = new AbortController();
    const cancelled = slots.acquire({ signal: controller.signal, waitMs: 1_000 });
    controller.abort(new Error('stream reset'));
    await expect(cancelled).rejects.toThrow('stream reset');
    expect(slots.waiting).toBe(0);
    busy();
    expect(slots.active).toBe(0);
  });
});
