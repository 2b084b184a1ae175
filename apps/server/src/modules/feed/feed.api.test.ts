import type { FeedItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const t = useTestApp();
const demo = demoClient(t);

describe('/api/v1/feed', () => {
  it('lets administrators post news that everyone reads, newest first', async () => {
    expect((await demo.call('customer2@demo.test', 'GET', '/api/v1/feed')).json()).toEqual([]);
    const first = await demo.call('admin@demo.test', 'POST', '/api/v1/feed', {
      title: 'Manutenzione programmata',
      content: 'Il portale sarà fermo sabato dalle 8 alle 10.',
    });
    expect(first.statusCode).toBe(201);
    t.clock.advance(1000);
    const second = await demo.call('admin@demo.test', 'POST', '/api/v1/feed', {
      title: 'Firmware 3.6',
      content: 'Disponibile per tutte le macchine.',
    });
    expect(second.json<FeedItem>()).toEqual({
      id: expect.any(Number),
      title: 'Firmware 3.6',
      content: 'Disponibile per tutte le macchine.',
      datetime: t.clock.now().toISOString(),
    });
    const feed = await demo.call('customer2@demo.test', 'GET', '/api/v1/feed');
    expect(feed.statusCode).toBe(200);
    expect(feed.json<FeedItem[]>().map((item) => item.title)).toEqual([
      'Firmware 3.6',
      'Manutenzione programmata',
    ]);
  });

  it('lets administrators delete an item; a missing one is 404', async () => {
    const created = await demo.call('admin@demo.test', 'POST', '/api/v1/feed', {
      title: 'Breve',
      content: 'x',
    });
    const id = created.json<FeedItem>().id;
    expect((await demo.call('manager@demo.test', 'DELETE', `/api/v1/feed/${id}`)).statusCode).toBe(403);
    expect((await demo.call('admin@demo.test', 'DELETE', `/api/v1/feed/${id}`)).statusCode).toBe(204);
    expect((await demo.call('admin@demo.test', 'DELETE', `/api/v1/feed/${id}`)).statusCode).toBe(404);
    const feed = await demo.call('customer@demo.test', 'GET', '/api/v1/feed');
    expect(feed.json<FeedItem[]>().map((item) => item.id)).not.toContain(id);
  });

  it('refuses others than administrators (403), bad items (400) and no session (401)', async () => {
    for (const email of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test']) {
      const refused = await demo.call(email, 'POST', '/api/v1/feed', { title: 'No', content: 'No' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const bad = await demo.call('admin@demo.test', 'POST', '/api/v1/feed', {
      title: 'x'.repeat(201),
      content: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { title: ['tooLong'], content: ['required'] },
    });
    expect((await demo.call(null, 'GET', '/api/v1/feed')).statusCode).toBe(401);
    expect((await demo.call(null, 'POST', '/api/v1/feed', { title: 'a', content: 'b' })).statusCode).toBe(
      401,
    );
    expect((await demo.call(null, 'DELETE', '/api/v1/feed/1')).statusCode).toBe(401);
    expect((await demo.call('admin@demo.test', 'DELETE', '/api/v1/feed/x')).statusCode).toBe(400);
  });
});
