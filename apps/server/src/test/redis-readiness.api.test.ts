import { afterAll, describe, expect, it } from 'vitest';
import { BUS_RESUMED, RedisBus } from '../shared/cluster-bus.ts';
import type { RedisConnections } from '../shared/redis.ts';
import { connectTestRedis, testNamespace } from './test-redis.ts';

// An instance's Redis readiness (docs/design.md §7) must cover both of its connections: with only the command
// connection answering, an instance whose subscriber was still reconnecting looked ready while it missed every
// other instance's message (a logout among them).
const connections: RedisConnections[] = [];
afterAll(async () => {
  for (const connection of connections) await connection.close();
});

describe("an instance's Redis readiness", () => {
  it('answers only once its subscriber is back and subscribed again, so no message is missed after', async () => {
    const namespace = testNamespace();
    const [own, other] = [await connectTestRedis(), await connectTestRedis()];
    connections.push(own, other);
    const subscriberId = Number(await own.subscriber.client('ID'));
    const bus = new RedisBus(own.commands, own.subscriber, namespace);
    const otherBus = new RedisBus(other.commands, other.subscriber, namespace);
    const heard: string[] = [];
    bus.subscribe<string>('sessions', (message) => heard.push(message));
    let resumed = 0;
    bus.subscribe(BUS_RESUMED, () => resumed++);
    await bus.subscribed();
    expect(resumed).toBe(0);

    // The subscriber's connection alone is cut, as a network fault or Redis's client limits may do.
    await other.commands.client('KILL', 'ID', String(subscriberId));
    await expect
      .poll(
        () =>
          own.ping().then(
            () => true,
            () => false,
          ),
        { timeout: 5_000, interval: 50 },
      )
      .toBe(true);
    otherBus.publish('sessions', 'ended');
    await expect.poll(() => heard, { timeout: 1_000 }).toEqual(['ended']);
    // What the others said while it was cut off is lost: its listeners are told to read again what they keep.
    expect(resumed).toBe(1);
  });
});
