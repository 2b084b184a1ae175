import { Redis } from 'ioredis';

/** How long a start waits for Redis, and a readiness probe for its answer. */
const CONNECT_TIMEOUT_MS = 5_000;
const PING_TIMEOUT_MS = 1_000;

export interface RedisConnections {
  /** Commands and publishing; fails at once while Redis is away rather than queueing (readiness says so). */
  commands: Redis;
  /** Subscriptions only (a subscribed connection can do nothing else); renewed by ioredis after a loss. */
  subscriber: Redis;
  /**
   * Resolves when Redis answers a PING on both connections within a second; rejects otherwise. The subscriber's
   * answer comes after the subscriptions it renews on reconnecting (ioredis sends those first), so a resolved ping
   * means other instances' messages are heard again.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Reconnecting forever, a little slower each time up to 2 s: Redis coming back is found within that. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 2_000);

/**
 * The two connections an instance keeps to Redis, both connected before it returns: a Redis that cannot be
 * reached at start stops the start (the caller names REDIS_URL); one lost later is waited for.
 */
export async function connectRedis(url: string): Promise<RedisConnections> {
  const options = { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, retryStrategy };
  const commands = new Redis(url, { ...options, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  const subscriber = new Redis(url, options);
  // Errors while running show in readiness; without a listener ioredis would print each reconnection failure.
  let lastError: unknown;
  for (const connection of [commands, subscriber]) {
    connection.on('error', (error) => {
      lastError = error;
    });
  }
  const connecting = await Promise.allSettled([commands.connect(), subscriber.connect()]);
  const failed = connecting.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    commands.disconnect();
    subscriber.disconnect();
    const cause = lastError ?? failed.reason;
    throw new Error(cause instanceof Error ? cause.message : String(cause), { cause });
  }
  return {
    commands,
    subscriber,
    async ping() {
      // Not queued while the subscriber reconnects (its offline queue would keep every probe's PING until then).
      if (subscriber.status !== 'ready') throw new Error(`the subscriber is ${subscriber.status}`);
      await Promise.race([
        Promise.all([commands.ping(), subscriber.ping()]),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('no answer to PING')), PING_TIMEOUT_MS).unref(),
        ),
      ]);
    },
    async close() {
      await Promise.all([commands.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
    },
  };
}
