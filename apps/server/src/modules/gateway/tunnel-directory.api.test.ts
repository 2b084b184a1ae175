import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../../shared/cluster-bus.ts';
import { connectTestRedis, testNamespace } from '../../test/test-redis.ts';
import { TunnelDirectory } from './tunnel-directory.ts';

// Directories of two or three instances on the tests' Redis, with leases short enough to watch one expire.
const LEASE_MS = 900;
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const close of closers) await close();
});

async function instances(count: number, namespace = testNamespace()) {
  const directories: TunnelDirectory[] = [];
  for (let index = 0; index < count; index++) {
    const redis = await connectTestRedis();
    const directory = new TunnelDirectory({
      redis: redis.commands,
      bus: new RedisBus(redis.commands, redis.subscriber, namespace),
      namespace,
      self: { id: randomUUID(), address: `127.0.0.1:${9000 + index}` },
      leaseMs: LEASE_MS,
      warn: () => undefined,
    });
    await directory.start();
    closers.push(async () => {
      directory.stop();
      await redis.close();
    });
    directories.push(directory);
  }
  return directories;
}

describe('the tunnel directory', () => {
  it('tells every other instance who holds a tunnel, and forgets it when it is given up', async () => {
    const [a, b] = await instances(2);
    const changes: number[] = [];
    b?.onChange((controllerId) => changes.push(controllerId));
    a?.hold(11, () => undefined);
    await expect.poll(() => b?.heldElsewhere(11)?.address).toBe('127.0.0.1:9000');
    expect(a?.heldElsewhere(11)).toBeUndefined();
    a?.release(11);
    await expect.poll(() => b?.heldElsewhere(11)).toBeUndefined();
    expect(changes).toEqual([11, 11]);
  });

  it('ends the older tunnel when another instance claims the same controller', async () => {
    const [a, b, c] = await instances(3);
    let lost = 0;
    a?.hold(12, () => lost++);
    await expect.poll(() => c?.heldElsewhere(12)?.address).toBe('127.0.0.1:9000');
    b?.hold(12, () => undefined);
    await expect.poll(() => lost).toBe(1);
    await expect.poll(() => c?.heldElsewhere(12)?.address).toBe('127.0.0.1:9001');
    expect(a?.heldElsewhere(12)?.address).toBe('127.0.0.1:9001');
  });

  it("forgets a holder that stopped renewing within a lease, and says the lease expired, with its claim's number", async () => {
    const [a, b] = await instances(2);
    const expired: [number, number][] = [];
    b?.onExpired((controllerId, epoch) => expired.push([controllerId, epoch]));
    a?.hold(13, () => undefined);
    await expect.poll(() => b?.heldElsewhere(13)).toBeDefined();
    const epoch = b?.heldElsewhere(13)?.epoch;
    a?.stop(); // as if its process died: no release, no renewal
    await expect.poll(() => b?.heldElsewhere(13), { timeout: 3 * LEASE_MS }).toBeUndefined();
    expect(expired).toEqual([[13, epoch]]);
  });

  it('lets a new tunnel win over the one it replaces after Redis lost its data (a restart)', async () => {
    const namespace = testNamespace();
    const [a, b] = await instances(2, namespace);
    let lost = 0;
    // Claims of other tunnels first, so that the one replaced has a number a fresh sequence starts below.
    for (const other of [15, 16, 17]) a?.hold(other, () => undefined);
    await expect.poll(() => b?.heldElsewhere(17)).toBeDefined();
    a?.hold(14, () => lost++);
    await expect.poll(() => b?.heldElsewhere(14)?.epoch).toBe(4);
    const redis = await connectTestRedis();
    closers.push(() => redis.close());
    // Everything the directory keeps in Redis is gone, the claims' sequence with it.
    await redis.commands.del(`${namespace}:tunnel-epoch`, `${namespace}:tunnel:14`);
    let replacementLost = 0;
    b?.hold(14, () => replacementLost++);
    await expect.poll(() => lost).toBe(1);
    await expect.poll(() => a?.heldElsewhere(14)?.address).toBe('127.0.0.1:9001');
    expect(replacementLost).toBe(0);
  });

  it('forgets a lease given up without taking its holder for dead, when the map is read before the bus says so', async () => {
    const namespace = testNamespace();
    const [a, b] = await instances(2, namespace);
    const expired: number[] = [];
    b?.onExpired((controllerId) => expired.push(controllerId));
    a?.hold(18, () => undefined);
    await expect.poll(() => b?.heldElsewhere(18)).toBeDefined();
    const redis = await connectTestRedis();
    closers.push(() => redis.close());
    // The release as Redis keeps it, its message on the bus not arrived.
    await redis.commands.set(`${namespace}:tunnel:18`, 'released', 'PX', LEASE_MS);
    await expect.poll(() => b?.heldElsewhere(18), { timeout: 3 * LEASE_MS }).toBeUndefined();
    expect(expired).toEqual([]);
  });
});
