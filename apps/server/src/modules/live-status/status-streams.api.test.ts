import type { AddressInfo } from 'node:net';
import { errorBodySchema } from '@portal/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import { bearer } from '../../test/test-app.ts';
import { MAX_STREAMS_PER_USER } from './status-streams.ts';

const t = useTestApp({ liveStatus: { follow: false, streamRefreshMs: 3_600_000 } });
const demo = demoClient(t);
let origin: string;

// The periodic check is an hour away: a stream that ends here ended because its session did.
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

/** Opens a stream and reads its first snapshot; `ended` settles when the server ends it. */
async function openStream(token: string) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/v1/machines/status/stream?token=${token}`, {
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  expect((await reader.read()).done).toBe(false);
  let done = false;
  const ended = (async () => {
    while (!(await reader.read()).done);
    done = true;
  })().catch(() => undefined);
  return { ended, isOpen: () => !done, close: () => controller.abort() };
}

describe('a status stream ends with its session', () => {
  it('ends at once when the session logs out, and the user’s other sessions keep theirs', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const other = await openStream(await t.tokenFor('customer@demo.test'));
    const stream = await openStream(token);
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect(logout.statusCode).toBeLessThan(300);
    await stream.ended;
    expect(other.isOpen()).toBe(true);
    other.close();
  });

  it('ends every stream of a user who changes their password', async () => {
    const id = await t.idOf('tech@demo.test');
    const first = await openStream(await t.tokenFor('tech@demo.test'));
    const second = await openStream(await t.tokenFor('tech@demo.test'));
    const changed = await demo.call('tech@demo.test', 'PUT', `/api/v1/users/${id}`, {
      password: 'N3w-Passw0rd!',
      currentPassword: DEMO_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    await Promise.all([first.ended, second.ended]);
  });

  it('ends the streams of a user their manager disables, then of one deleted', async () => {
    const disabled = await openStream(await t.tokenFor('customer2@demo.test'));
    const id = await t.idOf('customer2@demo.test');
    const put = await demo.call('manager2@demo.test', 'PUT', `/api/v1/users/${id}`, { enabled: false });
    expect(put.statusCode).toBe(200);
    await disabled.ended;
    await demo.call('manager2@demo.test', 'PUT', `/api/v1/users/${id}`, { enabled: true });

    const deleted = await openStream(await t.tokenFor('customer2@demo.test'));
    const removed = await demo.call('admin@demo.test', 'DELETE', `/api/v1/users/${id}`);
    expect(removed.statusCode).toBeLessThan(300);
    await deleted.ended;
  });

  it('ends the streams of a suspended business’s users, not an administrator’s', async () => {
    const business = await demo.businessId('B');
    const manager = await openStream(await t.tokenFor('manager2@demo.test'));
    const admin = await openStream(await t.tokenFor('admin@demo.test'));
    const suspend = await demo.call('admin@demo.test', 'PUT', `/api/v1/business/${business}`, {
      active: false,
    });
    expect(suspend.statusCode).toBe(200);
    await manager.ended;
    expect(admin.isOpen()).toBe(true);
    await demo.call('admin@demo.test', 'PUT', `/api/v1/business/${business}`, { active: true });
    admin.close();
  });
});

describe('the status streams of one user', () => {
  it(`are at most ${MAX_STREAMS_PER_USER}: one more is 429 until one of them closes`, async () => {
    const token = await t.tokenFor('manager@demo.test');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(token));
    const refused = await fetch(`${origin}/api/v1/machines/status/stream?token=${token}`);
    expect(refused.status).toBe(429);
    const body = errorBodySchema.parse(await refused.json());
    expect(body.code).toBe('TOO_MANY_REQUESTS');
    // Another user is not held back by this one's streams.
    const other = await openStream(await t.tokenFor('tech@demo.test'));
    other.close();

    streams.pop()?.close();
    await vi.waitFor(() => expect(t.modules.liveStatus.streams.open).toBe(MAX_STREAMS_PER_USER - 1));
    const again = await openStream(token);
    for (const stream of [...streams, again]) stream.close();
    await vi.waitFor(() => expect(t.modules.liveStatus.streams.open).toBe(0));
  });
});
