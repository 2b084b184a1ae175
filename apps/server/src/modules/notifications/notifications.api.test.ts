import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions, pushVapidKeys } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';
import { newBrowserKeys } from '../../test/push-service.ts';
import { SUBSCRIPTIONS_PER_USER } from './notifications.repository.ts';
import { NotificationsService } from './notifications.service.ts';
import { PushEndpointPolicy } from './push-endpoint.ts';

/** The network is closed: push services' names resolve through this stand-in for DNS. */
const DNS: Record<string, string[]> = {
  'push.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'loopback.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'self-hosted.push.test': ['10.20.30.40'],
};
const resolve = async (hostname: string) => {
  const addresses = DNS[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const t = useTestApp({ push: { resolve, privateHosts: ['self-hosted.push.test'] } });
const demo = demoClient(t);

let serial = 0;
/** A subscription as a browser sends it, to a push service address nobody calls in these tests. */
const subscription = (extra: object = {}) => ({
  endpoint: `https://push.example.com/send/${++serial}`,
  expirationTime: null,
  ...newBrowserKeys(),
  decrypt: undefined,
  ...extra,
});
const stored = (endpoint: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('GET /api/v1/notifications/vapid-public-key', () => {
  it('answers every signed-in user the key pair created at start, the same on every call', async () => {
    const [keys] = await t.database.db.select().from(pushVapidKeys);
    expect(keys?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    for (const email of ['admin@demo.test', 'customer2@demo.test']) {
      const response = await demo.call(email, 'GET', '/api/v1/notifications/vapid-public-key');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ publicKey: keys?.publicKey });
    }
    expect(Buffer.from(keys?.publicKey ?? '', 'base64url')).toHaveLength(65);
  });

  it('makes one pair on a first start, however many portal processes start at once', async () => {
    const [before] = await t.database.db.select().from(pushVapidKeys);
    await t.database.db.delete(pushVapidKeys);
    try {
      // Two processes on one database: each reads nothing, makes a pair, and only the first one stored counts.
      const processes = [0, 1].map(
        () =>
          new NotificationsService(t.modules.notifications.repository, t.clock.now, new PushEndpointPolicy()),
      );
      const [one, two] = await Promise.all(processes.map((service) => service.keys()));
      const [kept] = await t.database.db.select().from(pushVapidKeys);
      expect(one).toEqual(two);
      expect(one?.publicKey).toBe(kept?.publicKey);
      expect(kept?.publicKey).not.toBe(before?.publicKey);
    } finally {
      await t.database.db.delete(pushVapidKeys);
      if (before) await t.database.db.insert(pushVapidKeys).values(before);
    }
  });

  it('refuses a caller without a session (401)', async () => {
    const response = await demo.call(null, 'GET', '/api/v1/notifications/vapid-public-key');
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/v1/notifications/subscribe', () => {
  it("keeps the browser's subscription for the caller, in the page's language (Italian by default)", async () => {
    const english = subscription({ language: 'en' });
    const response = await demo.call(
      'customer@demo.test',
      'POST',
      '/api/v1/notifications/subscribe',
      english,
    );
    expect(response.statusCode).toBe(204);
    expect(await stored(english.endpoint)).toEqual([
      expect.objectContaining({
        userId: await t.idOf('customer@demo.test'),
        p256dh: english.keys.p256dh,
        auth: english.keys.auth,
        language: 'en',
        createdAt: t.clock.now(),
      }),
    ]);
    const plain = subscription();
    await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/subscribe', plain);
    expect((await stored(plain.endpoint))[0]?.language).toBe('it');
  });

  it('gives a known endpoint to another user only with its own keys (the same browser, a new user)', async () => {
    const first = subscription();
    await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/subscribe', first);
    // Someone who only knows the address cannot take the subscription over.
    const taken = { ...subscription(), endpoint: first.endpoint };
    const refused = await demo.call('tech@demo.test', 'POST', '/api/v1/notifications/subscribe', taken);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'CONFLICT']);
    expect(await stored(first.endpoint)).toMatchObject([{ userId: await t.idOf('customer@demo.test') }]);
    // The browser itself, with its keys, changes hands; its owner may renew it with new keys.
    const same = await demo.call('tech@demo.test', 'POST', '/api/v1/notifications/subscribe', first);
    expect(same.statusCode).toBe(204);
    expect(await stored(first.endpoint)).toMatchObject([{ userId: await t.idOf('tech@demo.test') }]);
    const renewed = await demo.call('tech@demo.test', 'POST', '/api/v1/notifications/subscribe', taken);
    expect(renewed.statusCode).toBe(204);
    expect(await stored(first.endpoint)).toMatchObject([{ p256dh: taken.keys.p256dh }]);
  });

  it('accepts only push services on public addresses, after resolving their names', async () => {
    const refused = [
      'https://127.0.0.1:8443/send/1',
      'https://[::1]:8443/send/1',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/send/1',
      'https://10.1.2.3/send/1',
      'https://0.0.0.0/send/1',
      'https://loopback.example.com/send/1',
      'https://mixed.example.com/send/1',
      'https://metadata.example.com/send/1',
      'https://unknown.example.com/send/1',
    ];
    for (const endpoint of refused) {
      const response = await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/subscribe', {
        ...subscription(),
        endpoint,
      });
      expect([response.statusCode, response.json().fields], endpoint).toEqual([
        400,
        { endpoint: ['invalid'] },
      ]);
      expect(await stored(endpoint)).toEqual([]);
    }
    // A self-hosted push service the operator named may sit on a private address.
    for (const endpoint of ['https://self-hosted.push.test/send/1', 'https://[2606:4700::1111]/send/1']) {
      const response = await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/subscribe', {
        ...subscription(),
        endpoint,
      });
      expect(response.statusCode, endpoint).toBe(204);
    }
  });

  it(`keeps the newest ${SUBSCRIPTIONS_PER_USER} subscriptions of a user`, async () => {
    const endpoints: string[] = [];
    for (let i = 0; i < SUBSCRIPTIONS_PER_USER + 2; i++) {
      const each = subscription();
      endpoints.push(each.endpoint);
      t.clock.advance(1000);
      await demo.call('manager2@demo.test', 'POST', '/api/v1/notifications/subscribe', each);
    }
    const rows = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, await t.idOf('manager2@demo.test')));
    expect(rows.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(2).sort());
  });

  it('refuses what is not a usable subscription (400, by field)', async () => {
    const cases: [object, string][] = [
      [subscription({ endpoint: 'http://push.example.com/x' }), 'endpoint'],
      [subscription({ endpoint: 'not a url' }), 'endpoint'],
      [subscription({ keys: undefined }), 'keys'],
      [subscription({ keys: { p256dh: 'short', auth: newBrowserKeys().keys.auth } }), 'keys.p256dh'],
      // Base64url of the right length, but not a point of the curve.
      [
        subscription({ keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: 'A'.repeat(22) } }),
        'keys.p256dh',
      ],
      [subscription({ language: 'de' }), 'language'],
    ];
    for (const [body, field] of cases) {
      const response = await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/subscribe', body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(Object.keys(response.json().message), field).toContain(field);
    }
  });

  it('refuses a caller without a session (401) and stores nothing', async () => {
    const body = subscription();
    const response = await demo.call(null, 'POST', '/api/v1/notifications/subscribe', body);
    expect(response.statusCode).toBe(401);
    expect(await stored(body.endpoint)).toEqual([]);
  });
});

describe('POST /api/v1/notifications/unsubscribe', () => {
  it("forgets the caller's own subscription; a second time it is 404", async () => {
    const body = subscription();
    await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/subscribe', body);
    const call = () =>
      demo.call('customer@demo.test', 'POST', '/api/v1/notifications/unsubscribe', {
        endpoint: body.endpoint,
      });
    expect((await call()).statusCode).toBe(204);
    expect(await stored(body.endpoint)).toEqual([]);
    expect((await call()).statusCode).toBe(404);
  });

  it("answers 404 for another user's endpoint, of any business, and keeps it", async () => {
    const body = subscription();
    await demo.call('customer2@demo.test', 'POST', '/api/v1/notifications/subscribe', body);
    for (const email of ['customer@demo.test', 'admin@demo.test']) {
      const response = await demo.call(email, 'POST', '/api/v1/notifications/unsubscribe', {
        endpoint: body.endpoint,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await stored(body.endpoint)).toHaveLength(1);
  });

  it('refuses a body without an endpoint (400) and a caller without a session (401)', async () => {
    const bad = await demo.call('customer@demo.test', 'POST', '/api/v1/notifications/unsubscribe', {});
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().message)).toEqual(['endpoint']);
    const anonymous = await demo.call(null, 'POST', '/api/v1/notifications/unsubscribe', { endpoint: 'x' });
    expect(anonymous.statusCode).toBe(401);
  });
});
