import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefusalMemory } from './refusal-memory.ts';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 21) + ms);

describe('RefusalMemory', () => {
  it('refuses a key until its wait is over, and forgets it then', () => {
    const memory = new RefusalMemory();
    memory.refuse('address:a', 5000, at(0));
    expect(memory.waitOf('address:a', at(1000))).toBe(4000);
    expect(memory.waitOf('address:b', at(1000))).toBe(0);
    expect(memory.waitOf('address:a', at(5000))).toBe(0);
    expect(memory.size).toBe(0);
  });

  it('takes a later decision over an earlier one, and a wait of 0 as none', () => {
    const memory = new RefusalMemory();
    memory.refuse('k', 5000, at(0));
    memory.refuse('k', 0, at(100));
    expect(memory.waitOf('k', at(100))).toBe(0);
    memory.refuse('k', 100, at(100));
    memory.forget('k');
    expect(memory.waitOf('k', at(100))).toBe(0);
  });

  it('never holds more than its capacity, dropping refusals that are over before live ones', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.integer({ min: 0, max: 40 }), wait: fc.integer({ min: 0, max: 50 }) }), {
          maxLength: 200,
        }),
        (decisions) => {
          const memory = new RefusalMemory(10);
          decisions.forEach(({ key, wait }, i) => {
            memory.refuse(`k${key}`, wait, at(i));
            expect(memory.size).toBeLessThanOrEqual(10);
          });
        },
      ),
    );
    const memory = new RefusalMemory(10);
    for (let i = 0; i < 9; i++) memory.refuse(`short${i}`, 1, at(0));
    memory.refuse('long', 60_000, at(0));
    memory.refuse('new', 60_000, at(10));
    expect(memory.waitOf('long', at(10))).toBe(59_990);
    expect(memory.waitOf('new', at(10))).toBe(60_000);
  });
});
