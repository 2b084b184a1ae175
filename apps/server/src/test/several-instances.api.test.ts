import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Modules } from '../app.ts';
import type { MachineEvent } from '../modules/live-status/machine-events.ts';
import { anotherInstance, bearer, createTestApp, type TestApp } from './test-app.ts';
import { testBus, testNamespace } from './test-redis.ts';

// Two instances of one deployment on one database and one Redis, each trusting a checked session for a while
// (as production does): what one changes, the other must stop trusting within a second.
const SESSION_CACHE_MS = 60_000;
let first: TestApp;
let second: { app: FastifyInstance; modules: Modules };
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  const namespace = testNamespace();
  const busA = await testBus(namespace);
  const busB = await testBus(namespace);
  closers.push(busA.close, busB.close);
  first = await createTestApp({ sessionCacheMs: SESSION_CACHE_MS }, { bus: busA.bus });
  second = await anotherInstance(first, { sessionCacheMs: SESSION_CACHE_MS }, busB.bus);
  await Promise.all([busA.bus.subscribed(), busB.bus.subscribed()]);
});

afterAll(async () => {
  await second.app.close();
  await first.close();
  for (const close of closers) await close();
});

const profile = (app: FastifyInstance, token: string, id: number) =>
  app.inject({ url: `/api/v1/users/${id}`, headers: bearer(token) });

describe('several instances on one Redis', () => {
  it('ends a session on every instance at once when it logs out on one, though the other had it cached', async () => {
    const token = await first.tokenFor('customer@demo.test');
    const id = await first.idOf('customer@demo.test');
    expect((await profile(second.app, token, id)).statusCode).toBe(200);
    const logout = await first.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect(logout.statusCode).toBeLessThan(300);
    await expect
      .poll(async () => (await profile(second.app, token, id)).statusCode, { timeout: 1000 })
      .toBe(401);
  });

  it("ends a user's sessions on every instance when an administrator disables them on one", async () => {
    const token = await first.tokenFor('customer2@demo.test');
    const id = await first.idOf('customer2@demo.test');
    expect((await profile(second.app, token, id)).statusCode).toBe(200);
    const admin = await first.tokenFor('admin@demo.test');
    const disabled = await first.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${id}`,
      headers: bearer(admin),
      payload: { enabled: false },
    });
    expect(disabled.statusCode).toBe(200);
    await expect
      .poll(async () => (await profile(second.app, token, id)).statusCode, { timeout: 1000 })
      .toBe(401);
  });

  it("tells the other instance's status streams of a print queue's change", async () => {
    const heard: MachineEvent[] = [];
    const unsubscribe = second.modules.liveStatus.events.subscribe((event) => heard.push(event));
    try {
      const manager = await first.modules.users.repository.findById(await first.idOf('manager@demo.test'));
      const business = manager?.businessId ?? 0;
      const changed = await first.app.inject({
        method: 'PUT',
        url: `/api/v1/business/${business}/print-queue/settings`,
        headers: bearer(await first.tokenFor('manager@demo.test')),
        payload: { autoStart: false },
      });
      expect(changed.statusCode).toBe(200);
      await expect
        .poll(() => heard.filter((event) => event.type === 'queue'))
        .toEqual([{ type: 'queue', businessId: business }]);
    } finally {
      unsubscribe();
    }
  });
});
