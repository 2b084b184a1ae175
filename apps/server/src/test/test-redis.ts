import { randomUUID } from 'node:crypto';
import { RedisBus } from '../shared/cluster-bus.ts';
import { connectRedis, type RedisConnections } from '../shared/redis.ts';

/** The Redis of the tests that run several instances: REDIS_URL, or the local one. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A deployment's namespace of its own, so test files running at once never hear each other. */
export const testNamespace = () => `test-${randomUUID()}`;

/** Connections to the tests' Redis, with a message that says what to do when there is none. */
export async function connectTestRedis(): Promise<RedisConnections> {
  return connectRedis(TEST_REDIS_URL).catch((error: Error) => {
    throw new Error(
      `The several-instances tests need Redis at ${TEST_REDIS_URL} (${error.message}): start one ` +
        '(Debian: apt-get install -y redis-server) or set REDIS_URL',
    );
  });
}

/** One instance's bus on the tests' Redis, and how to close it. */
export async function testBus(namespace: string): Promise<{ bus: RedisBus; close: () => Promise<void> }> {
  const redis = await connectTestRedis();
  return { bus: new RedisBus(redis.commands, redis.subscriber, namespace), close: redis.close };
}
