import { describe, expect, it } from 'vitest';
import { KeyedChain } from './keyed-chain.ts';

/** A task the test ends when it wants, recording when it started and ended. */
function heldTask(log: string[], name: string) {
  let finish: (fail?: boolean) => void = () => {};
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`${name} started`);
      finish = (fail = false) => {
        log.push(`${name} ended`);
        if (fail) reject(new Error(name));
        else resolve(name);
      };
    });
  return { task, finish: (fail?: boolean) => finish(fail) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedChain', () => {
  it("runs one key's tasks in the order given, each after the last ended, even a failed one", async () => {
    const chain = new KeyedChain<number>();
    const log: string[] = [];
    const first = heldTask(log, 'a');
    const second = heldTask(log, 'b');
    const firstOutcome = chain.run(1, first.task);
    const secondOutcome = chain.run(1, second.task);
    await turn();
    expect(log).toEqual(['a started']);
    first.finish(true);
    await expect(firstOutcome).rejects.toThrow('a');
    await turn();
    expect(log).toEqual(['a started', 'a ended', 'b started']);
    second.finish();
    await expect(secondOutcome).resolves.toBe('b');
  });

  it("runs another key's task while one key's waits", async () => {
    const chain = new KeyedChain<number>();
    const log: string[] = [];
    const held = heldTask(log, 'a');
    const other = heldTask(log, 'b');
    void chain.run(1, held.task);
    const otherOutcome = chain.run(2, other.task);
    await turn();
    expect(log).toEqual(['a started', 'b started']);
    other.finish();
    await expect(otherOutcome).resolves.toBe('b');
    held.finish();
  });

  it('forgets a key once its last task ended, and idle() waits for every task', async () => {
    const chain = new KeyedChain<number>();
    const log: string[] = [];
    const held = heldTask(log, 'a');
    void chain.run(1, held.task);
    expect(chain.size).toBe(1);
    let idle = false;
    const waiting = chain.idle().then(() => {
      idle = true;
    });
    await turn();
    expect(idle).toBe(false);
    held.finish();
    await waiting;
    expect(chain.size).toBe(0);
  });
});
