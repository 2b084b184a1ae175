import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildMachineOrigin } from '../../machine-origin.ts';
import { useTestApp } from '../../test/api-test.ts';
import { answerJson, connectFakeGateway, type FakeGateway } from '../../test/fake-gateway.ts';
import { bearer } from '../../test/test-app.ts';

// The caches on, as deployed: a page's visit is kept between polls, and must still end at once when revoked.
const t = useTestApp({ sessionCacheMs: 5000, grantCacheMs: 30_000 });
let origin: FastifyInstance;
let fake: FakeGateway;
let valid = 0;

beforeAll(async () => {
  origin = await buildMachineOrigin(t.modules);
  valid = (await t.demoControllers()).valid;
});
afterEach(async () => {
  await fake?.disconnect();
});
afterAll(async () => {
  await origin.close();
});

/** Opens the customer path of the valid machine's panel as `token`'s browser: its host and cookie. */
async function openPanel(token: string) {
  const ticket = await t.app.inject({
    method: 'POST',
    url: `/api/v1/machines/${valid}/panel`,
    headers: bearer(token),
    payload: { path: 'customer', firmware: '3.6' },
  });
  const { host, pathname, search } = new URL(ticket.json().url);
  const entry = await origin.inject({ url: `${pathname}${search}`, headers: { host } });
  const cookie = String(entry.headers['set-cookie']).split(';')[0] ?? '';
  return () =>
    origin.inject({ url: `/proxy/duet/3.6/customer/${valid}/rr_model?key=state`, headers: { host, cookie } });
}

describe("a panel's polls with the visit kept between them", () => {
  it('are refused at once after signing out', async () => {
    fake = await connectFakeGateway(t.modules.gateway.registry, valid, answerJson({ result: {} }));
    const token = await t.tokenFor('customer@demo.test');
    const poll = await openPanel(token);
    expect((await poll()).statusCode).toBe(200);
    expect((await poll()).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect((await poll()).statusCode).toBe(401);
  });

  it("are refused at once when the user's business is suspended", async () => {
    fake = await connectFakeGateway(t.modules.gateway.registry, valid, answerJson({ result: {} }));
    const poll = await openPanel(await t.tokenFor('customer@demo.test'));
    expect((await poll()).statusCode).toBe(200);
    const business = await t.businessOf('customer@demo.test');
    const admin = await t.tokenFor('admin@demo.test');
    const suspended = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/business/${business}`,
      headers: bearer(admin),
      payload: { active: false },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await poll()).statusCode).not.toBe(200);
  });
});
