import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Modules } from '../app.ts';
import type { ClusterMembership } from '../modules/gateway/gateway.module.ts';
import { listenForInstances } from '../modules/gateway/instance-link.ts';
import { RedisBus } from '../shared/cluster-bus.ts';
import type { AppConfig } from '../shared/module.ts';
import { type Given, given } from './api-test.ts';
import { anotherInstance, createTestApp, type TestApp } from './test-app.ts';
import { connectTestRedis, testNamespace } from './test-redis.ts';

export interface TwoInstances {
  first: TestApp;
  second: { app: FastifyInstance; modules: Modules };
  /** The deployment's instance secret. */
  secret: string;
  /** Where the first instance takes the other's forwarded requests (its instance port). */
  firstAddress: string;
  close(): Promise<void>;
}

/**
 * Two instances of one deployment (docs/design.md §7) on one database and the tests' Redis, each with its instance
 * port serving the other's forwarded requests: what several-instance API tests run against.
 */
async function startTwoInstances(options: Partial<AppConfig> = {}): Promise<TwoInstances> {
  const namespace = testNamespace();
  const secret = randomBytes(32).toString('hex');
  const closers: (() => Promise<void>)[] = [];
  const member = async () => {
    const redis = await connectTestRedis();
    const link = await listenForInstances('127.0.0.1', 0);
    closers.push(link.close, redis.close);
    const membership: ClusterMembership = {
      redis: redis.commands,
      namespace,
      self: { id: randomUUID(), address: link.address },
      secret,
    };
    return { bus: new RedisBus(redis.commands, redis.subscriber, namespace), membership, link };
  };
  const a = await member();
  const b = await member();
  const first = await createTestApp(options, { bus: a.bus, cluster: a.membership });
  const second = await anotherInstance(first, options, b.bus, b.membership);
  await Promise.all([a.bus.subscribed(), b.bus.subscribed()]);
  for (const [modules, link] of [
    [first.modules, a.link],
    [second.modules, b.link],
  ] as const) {
    await modules.gateway.start();
    if (modules.gateway.forwarded) link.serve(modules.gateway.forwarded);
  }
  return {
    first,
    second,
    secret,
    firstAddress: a.link.address,
    async close() {
      first.modules.gateway.stop();
      second.modules.gateway.stop();
      await second.app.close();
      await first.close();
      for (const close of closers) await close();
    },
  };
}

/**
 * Sets up a several-instance API test file as useTestApp does a one-instance one: both instances started before
 * the file's tests (the options read then) and closed after them, after the file's own afterAll hooks.
 */
export function useTwoInstances(options: Given<Partial<AppConfig>> = {}): Omit<TwoInstances, 'close'> {
  let current: TwoInstances | undefined;
  const started = (): TwoInstances => {
    if (!current) throw new Error('the instances are started in beforeAll: use them in hooks and tests');
    return current;
  };
  beforeAll(async () => {
    current = await startTwoInstances(await given(options));
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get first() {
      return started().first;
    },
    get second() {
      return started().second;
    },
    get secret() {
      return started().secret;
    },
    get firstAddress() {
      return started().firstAddress;
    },
  };
}
