import argon2 from 'argon2';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordHasher } from './password-hasher.ts';

// Counts how many hashes run at once; each one finishes only when the test lets it.
const running = { now: 0, most: 0 };
const pending: (() => void)[] = [];
const slowly = <T>(value: T) =>
  new Promise<T>((resolve) => {
    running.now++;
    running.most = Math.max(running.most, running.now);
    pending.push(() => {
      running.now--;
      resolve(value);
    });
  });

// Spied, not mocked: test files share their worker's modules, and a spy is restored when this file ends.
vi.spyOn(argon2, 'hash').mockImplementation((password) => slowly(`hash:${String(password)}`) as never);
vi.spyOn(argon2, 'verify').mockImplementation((hash, password) =>
  slowly(hash === `hash:${String(password)}`),
);
afterAll(() => {
  vi.restoreAllMocks();
});

async function drain() {
  for (let round = 0; round < 50; round++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const finish = pending.shift();
    if (!finish) return;
    finish();
  }
}

afterEach(() => {
  running.most = 0;
});

describe('PasswordHasher', () => {
  it('computes at most two hashes at once, however many logins arrive', async () => {
    const hasher = new PasswordHasher();
    const results = Promise.all(
      Array.from({ length: 6 }, (_, i) => hasher.verify(`hash:p${i}`, `p${i}`, { client: `192.0.2.${i}` })),
    );
    await drain();
    expect(await results).toEqual([true, true, true, true, true, true]);
    expect(running.most).toBe(2);
  });

  it('does the same work for an unknown account and answers false', async () => {
    const argon2 = (await import('argon2')).default;
    const hasher = new PasswordHasher();
    const verdict = hasher.verify(undefined, 'not-a-real-password-0!');
    await drain();
    expect(await verdict).toBe(false);
    expect(argon2.verify).toHaveBeenCalledWith('hash:not-a-real-password-0!', 'not-a-real-password-0!');
  });

  it('turns a hash away at once with 503 SERVER_BUSY and Retry-After when the queue is full', async () => {
    const hasher = new PasswordHasher({ concurrency: 2, maxWaiting: 3 });
    await drain();
    const queued = Array.from({ length: 5 }, (_, i) => hasher.verify(`hash:p${i}`, `p${i}`));
    const refused = hasher.verify('hash:late', 'late');
    await expect(refused).rejects.toMatchObject({
      code: 'SERVER_BUSY',
      statusCode: 503,
      headers: { 'retry-after': '1' },
    });
    expect(() => hasher.assertAvailable()).toThrow(/busy/);
    expect(pending).toHaveLength(2);
    await drain();
    expect(await Promise.all(queued)).toEqual([true, true, true, true, true]);
    expect(() => hasher.assertAvailable()).not.toThrow();
  });

  it('keeps room for another address and a known device when one address has filled the queue', async () => {
    const hasher = new PasswordHasher({ concurrency: 1, maxWaiting: 3 });
    await drain();
    const flood = { client: '203.0.113.9' };
    const queued = Array.from({ length: 4 }, (_, i) => hasher.verify(`hash:f${i}`, `f${i}`, flood));
    await expect(hasher.verify('hash:f4', 'f4', flood)).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    expect(() => hasher.assertAvailable(flood)).toThrow(/busy/);
    // Another address takes the flood's latest place (that one is answered busy); a known device has room of its own.
    const other = hasher.verify('hash:other', 'other', { client: '198.51.100.1' });
    const device = hasher.verify('hash:device', 'device', { client: '203.0.113.9', priority: true });
    await expect(queued[3]).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    await drain();
    expect(await Promise.all([...queued.slice(0, 3), other, device])).toEqual([true, true, true, true, true]);
  });
});
