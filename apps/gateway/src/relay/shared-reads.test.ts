import { boardRequest } from '@portal/duet/protocol';
import { describe, expect, it } from 'vitest';
import { isSharedRead, SharedReads } from './shared-reads.ts';

/** Readings numbered in the order the board was read, answered at once or held until `settle`. */
function board() {
  let count = 0;
  const held: Array<(value: string) => void> = [];
  return {
    get reads() {
      return count;
    },
    read: () => Promise.resolve(`reading ${++count}`),
    held: () => {
      count++;
      return new Promise<string>((resolve) => held.push(resolve));
    },
    settle: (value: string) => held.shift()?.(value),
  };
}

const keepAll = () => true;

describe('SharedReads', () => {
  it('answers the same query from one reading within the window, and reads again after it', async () => {
    let now = 1_000;
    const reads = new SharedReads<string>({ maxAgeMs: 250, now: () => now });
    const fake = board();
    expect(await reads.read('/rr_model?flags=d99fn', fake.read, keepAll)).toBe('reading 1');
    now += 250;
    expect(await reads.read('/rr_model?flags=d99fn', fake.read, keepAll)).toBe('reading 1');
    now += 1;
    expect(await reads.read('/rr_model?flags=d99fn', fake.read, keepAll)).toBe('reading 2');
    expect(fake.reads).toBe(2);
  });

  it('keeps each query apart', async () => {
    const reads = new SharedReads<string>({ maxAgeMs: 250, now: () => 0 });
    const fake = board();
    expect(await reads.read('/rr_model?key=state', fake.read, keepAll)).toBe('reading 1');
    expect(await reads.read('/rr_model?key=job', fake.read, keepAll)).toBe('reading 2');
    expect(await reads.read('/rr_model?key=state', fake.read, keepAll)).toBe('reading 1');
  });

  it('shares a reading in flight even with no window, and keeps none after it', async () => {
    const reads = new SharedReads<string>({ maxAgeMs: 0, now: () => 0 });
    const fake = board();
    const first = reads.read('q', fake.held, keepAll);
    const second = reads.read('q', fake.held, keepAll);
    fake.settle('reading 1');
    expect(await Promise.all([first, second])).toEqual(['reading 1', 'reading 1']);
    expect(fake.reads).toBe(1);
  });

  it('never answers from a reading taken before a change, even one still in flight', async () => {
    const reads = new SharedReads<string>({ maxAgeMs: 250, now: () => 0 });
    const fake = board();
    const before = reads.read('q', fake.held, keepAll);
    reads.changed();
    const after = reads.read('q', fake.held, keepAll);
    fake.settle('before the change');
    fake.settle('after the change');
    expect(await before).toBe('before the change');
    expect(await after).toBe('after the change');
    expect(await reads.read('q', fake.read, keepAll)).toBe('after the change');
  });

  it('keeps no failed reading: those waiting share it, the next client reads again', async () => {
    const reads = new SharedReads<string>({ maxAgeMs: 250, now: () => 0 });
    const fake = board();
    const keepGood = (outcome: string) => outcome !== 'busy';
    const first = reads.read('q', fake.held, keepGood);
    const second = reads.read('q', fake.held, keepGood);
    fake.settle('busy');
    expect(await Promise.all([first, second])).toEqual(['busy', 'busy']);
    expect(await reads.read('q', fake.read, keepGood)).toBe('reading 2');
    const rejected = reads.read('r', () => Promise.reject(new Error('board gone')), keepAll);
    await expect(rejected).rejects.toThrow('board gone');
    expect(await reads.read('r', fake.read, keepAll)).toBe('reading 3');
  });

  it('holds a bounded number of queries, reading the board directly beyond them', async () => {
    let now = 0;
    const reads = new SharedReads<string>({ maxAgeMs: 250, now: () => now });
    const fake = board();
    for (let i = 0; i < 32; i++) await reads.read(`q${i}`, fake.read, keepAll);
    expect(await reads.read('q-extra', fake.read, keepAll)).toBe('reading 33');
    expect(await reads.read('q-extra', fake.read, keepAll)).toBe('reading 34');
    now = 1_000; // the old ones have aged out and make room
    expect(await reads.read('q-extra', fake.read, keepAll)).toBe('reading 35');
    expect(await reads.read('q-extra', fake.read, keepAll)).toBe('reading 35');
  });
});

describe('isSharedRead', () => {
  it('shares object-model and status reads only', () => {
    expect(isSharedRead(boardRequest('GET', '/rr_model', { flags: 'd99fn' }))).toBe(true);
    expect(isSharedRead(boardRequest('GET', '/machine/model'))).toBe(true);
    expect(isSharedRead(boardRequest('GET', '/rr_reply'))).toBe(false);
    expect(isSharedRead(boardRequest('GET', '/rr_gcode', { gcode: 'M115' }))).toBe(false);
    expect(isSharedRead(boardRequest('GET', '/rr_upload'))).toBe(false);
  });
});
