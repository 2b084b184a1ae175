import { describe, expect, it } from 'vitest';
import { FairQueue, type QueueTicket } from './fair-queue.ts';

/** A queue whose tasks start in an order the test reads and end only when the test lets them. */
function queueOf(options: Partial<ConstructorParameters<typeof FairQueue>[0]> = {}) {
  const queue = new FairQueue({
    concurrency: 1,
    maxWaiting: 100,
    maxPriorityWaiting: 100,
    ...options,
  });
  const started: string[] = [];
  const running: (() => void)[] = [];
  const full = () => new Error('full');
  const submit = (name: string, ticket: QueueTicket) =>
    queue.run(
      ticket,
      () =>
        new Promise<string>((resolve) => {
          started.push(name);
          running.push(() => resolve(name));
        }),
      full,
    );
  /** Ends the oldest running task and lets the queue start the next. */
  const finishOne = async () => {
    running.shift()?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const finishAll = async () => {
    while (running.length > 0) await finishOne();
  };
  return { queue, started, submit, finishOne, finishAll };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('FairQueue', () => {
  it('serves the addresses in turn, however many tasks one of them queued first', async () => {
    const { started, submit, finishAll } = queueOf();
    const all = [
      ...['f1', 'f2', 'f3', 'f4'].map((name) => submit(name, { client: 'flood' })),
      submit('other', { client: 'other' }),
    ];
    await flush();
    await finishAll();
    await Promise.all(all);
    // f1 started at once; then each address in turn, so `other` waits for one of the flood's, not three.
    expect(started).toEqual(['f1', 'f2', 'other', 'f3', 'f4']);
  });

  it('gives a newcomer its turn after one task of each address already waiting, not after all of them', async () => {
    const { started, submit, finishAll } = queueOf();
    const all: Promise<string>[] = [];
    for (let round = 0; round < 3; round++)
      for (const address of ['a', 'b', 'c']) all.push(submit(`${address}${round}`, { client: address }));
    all.push(submit('late', { client: 'late' }));
    await flush();
    await finishAll();
    await Promise.all(all);
    expect(started.indexOf('late')).toBeLessThanOrEqual(4);
    expect(started).toHaveLength(10);
  });

  it('starts known-device tasks ahead of every waiting task of untrusted clients', async () => {
    const { started, submit, finishAll } = queueOf();
    const all = ['a', 'b', 'c'].map((address) => submit(address, { client: address }));
    all.push(submit('device', { client: 'd', priority: true }));
    await flush();
    await finishAll();
    await Promise.all(all);
    expect(started).toEqual(['a', 'device', 'b', 'c']);
  });

  it('runs no more tasks at once than its concurrency', async () => {
    const { queue, started, submit, finishOne, finishAll } = queueOf({ concurrency: 2 });
    const all = ['a', 'b', 'c', 'd'].map((name) => submit(name, { client: name }));
    await flush();
    expect(started).toEqual(['a', 'b']);
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(2);
    await finishOne();
    expect(started).toEqual(['a', 'b', 'c']);
    await finishAll();
    await Promise.all(all);
    expect(queue.active).toBe(0);
  });

  it('lets one address use the whole queue while no other address waits', async () => {
    const { queue, submit, finishAll } = queueOf({ maxWaiting: 4 });
    const all = ['o0', 'o1', 'o2', 'o3', 'o4'].map((name) => submit(name, { client: 'office' }));
    await flush();
    expect(queue.waiting).toBe(4);
    await expect(submit('o5', { client: 'office' })).rejects.toThrow('full');
    await finishAll();
    expect(await Promise.all(all)).toEqual(['o0', 'o1', 'o2', 'o3', 'o4']);
  });

  it('bounds the waiting tasks of all addresses together, and keeps room of its own for known devices', async () => {
    const { queue, submit, finishAll } = queueOf({ maxWaiting: 3, maxPriorityWaiting: 1 });
    const all = ['a', 'b', 'c', 'd'].map((name) => submit(name, { client: name }));
    await flush();
    expect(queue.waiting).toBe(3);
    await expect(submit('e', { client: 'e' })).rejects.toThrow('full');
    all.push(submit('device', { client: 'x', priority: true }));
    await expect(submit('device2', { client: 'y', priority: true })).rejects.toThrow('full');
    await finishAll();
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c', 'd', 'device']);
    expect(queue.hasRoom({ client: 'e' })).toBe(true);
  });

  it('when full, gives an address with fewer waiting the latest place of the longest lane, turning that one away', async () => {
    const { queue, started, submit, finishAll } = queueOf({ maxWaiting: 4 });
    const first = submit('a0', { client: 'a' });
    const flood = ['a1', 'a2', 'a3'].map((name) => submit(name, { client: 'a' }));
    const b = submit('b1', { client: 'b' });
    await flush();
    expect(queue.waiting).toBe(4);
    // `a` has three waiting, `c` none: c takes a3's place, and a3 is answered at once as refused.
    expect(queue.hasRoom({ client: 'c' })).toBe(true);
    const c = submit('c1', { client: 'c' });
    await expect(flood[2]).rejects.toThrow('full');
    expect(queue.waiting).toBe(4);
    // b has one waiting, a two: taking a's place would leave b with as many as a, so b is refused.
    expect(queue.hasRoom({ client: 'b' })).toBe(false);
    await expect(submit('b2', { client: 'b' })).rejects.toThrow('full');
    await finishAll();
    expect(await Promise.all([first, flood[0], flood[1], b, c])).toEqual(['a0', 'a1', 'a2', 'b1', 'c1']);
    expect(started).toEqual(['a0', 'a1', 'b1', 'c1', 'a2']);
  });

  it('passes a failing task’s error on and goes on with the next', async () => {
    const queue = new FairQueue({
      concurrency: 1,
      maxWaiting: 5,
      maxPriorityWaiting: 5,
    });
    const failing = queue.run({ client: 'a' }, () => Promise.reject(new Error('boom')), Error);
    const next = queue.run({ client: 'a' }, () => Promise.resolve('ok'), Error);
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('ok');
    expect(queue.active).toBe(0);
  });
});
