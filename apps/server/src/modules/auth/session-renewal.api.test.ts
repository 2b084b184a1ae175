import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';
import { TEST_CONFIG } from '../../test/test-config.ts';

const t = useTestApp();

const TTL_MS = TEST_CONFIG.sessionTtlSeconds * 1000;
const MINUTE = 60 * 1000;

/** The renewal cookie a response sets, as the next request's cookie header; undefined when it sets none. */
function renewalCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [String(header)] : [];
  const cookie = cookies.find((line) => line.startsWith('portal_renewal='));
  return cookie?.split(';')[0];
}

const renew = (token: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/session',
    headers: { ...bearer(token), ...(cookie && { cookie }) },
  });

const me = async (email: string, token: string) =>
  t.app.inject({ url: `/api/v1/users/${await t.idOf(email)}`, headers: bearer(token) });

describe('renewing a session in use', () => {
  it('sets the renewal token at login in a cookie script cannot read and only the renewal call receives', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'tech@demo.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const header = String(login.headers['set-cookie']);
    expect(header).toMatch(/^portal_renewal=[\w-]{43};/);
    expect(header).toContain('Path=/api/v1/auth/session');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Secure');
    expect(Object.keys(login.json()).sort()).toEqual(['access_token', 'video_token']);
  });

  it('keeps a session going past its token lifetime for as long as it is renewed in time', async () => {
    let { token, cookie } = await t.renewableSessionFor('customer@demo.test');
    const firstExpiry = decodeJwt(token).exp ?? 0;
    for (let round = 0; round < 3; round++) {
      t.clock.advance(TTL_MS - MINUTE);
      const response = await renew(token, cookie);
      expect(response.statusCode, response.body).toBe(200);
      const next = renewalCookieOf(response);
      expect(next).toBeDefined();
      expect(next).not.toBe(cookie);
      token = response.json().access_token;
      cookie = next as string;
    }
    expect(decodeJwt(token).exp ?? 0).toBeGreaterThan(firstExpiry + (2 * TTL_MS) / 1000);
    expect((await me('customer@demo.test', token)).statusCode).toBe(200);
  });

  it('cannot bring back a session whose token has run out', async () => {
    const { token, cookie } = await t.renewableSessionFor('customer@demo.test');
    t.clock.advance(TTL_MS + 1000);
    const response = await renew(token, cookie);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SESSION_EXPIRED');
  });

  it('ends the session when a replaced renewal token comes back: it was copied', async () => {
    const { token, cookie } = await t.renewableSessionFor('manager@demo.test');
    const first = await renew(token, cookie);
    expect(first.statusCode).toBe(200);
    const renewedToken = first.json().access_token as string;
    t.clock.advance(MINUTE);
    const replayed = await renew(token, cookie);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('SESSION_ENDED');
    expect((await me('manager@demo.test', renewedToken)).statusCode).toBe(401);
    expect((await renew(renewedToken, renewalCookieOf(first))).json().code).toBe('SESSION_ENDED');
  });

  it('lets two tabs renew with the same token at once: the second gets tokens and leaves the cookie', async () => {
    const { token, cookie } = await t.renewableSessionFor('customer2@demo.test');
    const [one, two] = await Promise.all([renew(token, cookie), renew(token, cookie)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const cookies = [renewalCookieOf(one), renewalCookieOf(two)].filter(Boolean);
    expect(cookies).toHaveLength(1);
    for (const answer of [one, two]) {
      expect((await me('customer2@demo.test', answer.json().access_token)).statusCode).toBe(200);
    }
  });

  it('needs both the session token and its renewal cookie, and a wrong cookie ends nothing', async () => {
    const { token, cookie } = await t.renewableSessionFor('tech@demo.test');
    const other = await t.renewableSessionFor('tech@demo.test');
    expect((await renew(token)).json().code).toBe('UNAUTHENTICATED');
    expect((await renew(token, other.cookie)).json().code).toBe('UNAUTHENTICATED');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/session',
      headers: { cookie },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await renew(token, cookie)).statusCode).toBe(200);
    expect((await renew(other.token, other.cookie)).statusCode).toBe(200);
  });

  it('applies the checks of every call: a logout, or a disabled account, ends it', async () => {
    const { token, cookie } = await t.renewableSessionFor('customer@demo.test');
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect(String(logout.headers['set-cookie'])).toMatch(/^portal_renewal=;.*Expires=Thu, 01 Jan 1970/);
    expect((await renew(token, cookie)).json().code).toBe('SESSION_ENDED');

    const second = await t.renewableSessionFor('customer2@demo.test');
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.email, 'customer2@demo.test'));
    try {
      const refused = await renew(second.token, second.cookie);
      expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    } finally {
      await t.database.db.update(users).set({ enabled: true }).where(eq(users.email, 'customer2@demo.test'));
    }
  });
});

describe('the longest a session may last', () => {
  it('is set by administrators only, within its bounds', async () => {
    const admin = bearer(await t.tokenFor('admin@demo.test'));
    const customer = bearer(await t.tokenFor('customer@demo.test'));
    const url = '/api/v1/settings/sessions';
    expect((await t.app.inject({ url, headers: admin })).json()).toEqual({ maxHours: 168 });
    expect((await t.app.inject({ url, headers: customer })).statusCode).toBe(403);
    const tooLong = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { maxHours: 721 } });
    expect(tooLong.statusCode).toBe(400);
    const byCustomer = await t.app.inject({
      method: 'PUT',
      url,
      headers: customer,
      payload: { maxHours: 2 },
    });
    expect(byCustomer.statusCode).toBe(403);
    const saved = await t.app.inject({ method: 'PUT', url, headers: admin, payload: { maxHours: 2 } });
    expect(saved.json()).toEqual({ maxHours: 2 });
    expect((await t.app.inject({ url, headers: admin })).json()).toEqual({ maxHours: 2 });
  });

  it('ends renewals at the maximum counted from the login', async () => {
    const admin = bearer(await t.tokenFor('admin@demo.test'));
    const url = '/api/v1/settings/sessions';
    await t.app.inject({ method: 'PUT', url, headers: admin, payload: { maxHours: 1 } });
    try {
      let { token, cookie } = await t.renewableSessionFor('customer@demo.test');
      const loginAt = t.clock.now().getTime();
      t.clock.advance(50 * MINUTE);
      const renewed = await renew(token, cookie);
      expect(renewed.statusCode).toBe(200);
      token = renewed.json().access_token;
      cookie = renewalCookieOf(renewed) as string;
      // Its token ends at the session's last hour, however long tokens usually live.
      expect((decodeJwt(token).exp ?? 0) * 1000).toBe(loginAt + 60 * MINUTE);
      t.clock.advance(10 * MINUTE + 1000);
      expect((await renew(token, cookie)).json().code).toBe('SESSION_EXPIRED');
    } finally {
      await t.app.inject({ method: 'PUT', url, headers: admin, payload: { maxHours: 168 } });
    }
  });
});
