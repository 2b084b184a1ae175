import { afterAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../shared/cluster-bus.ts';
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
    await bus.subscribed();

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
  });
});
