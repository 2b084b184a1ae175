import { Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { businesses, users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer, TEST_JWT_SECRET } from '../../test/test-app.ts';

const t = useTestApp({ sessionTtlSeconds: 3600, trustProxy: ['127.0.0.1'] });
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password }, headers });

beforeEach(() => t.forgetLoginFailures());

describe('POST /api/v1/auth', () => {
  it('returns a session token with id, role, business and exp in seconds, and a video token', async () => {
    const response = await login('manager@demo.test', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const claims = decodeJwt(body.access_token);
    const [manager] = await t.database.db.select().from(users).where(eq(users.email, 'manager@demo.test'));
    expect(claims).toMatchObject({ id: manager?.id, role: Role.Manager, business: manager?.businessId });
    expect(claims.business).not.toBe((await t.modules.business.repository.findOperator())?.id);
    expect(claims.exp).toBe(Math.floor(t.clock.now().getTime() / 1000) + 3600);
    expect(typeof body.video_token).toBe('string');
    expect(body.video_token).not.toBe(body.access_token);
  });

  it('accepts the email in any case', async () => {
    expect((await login('Customer@Demo.TEST', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 with the messages of each invalid field', async () => {
    const response = await login('not-an-email', '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: { email: ['Invalid email address'], password: [expect.any(String)] },
      fields: { email: ['email'], password: ['required'] },
    });
  });

  it('answers 400 for a body that is not JSON, without a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'Bad Request' });
  });

  it('answers 401 with the same body for a wrong password and an unknown account', async () => {
    const wrong = await login('customer@demo.test', 'Wrong1234!');
    const unknown = await login('nobody@demo.test', 'Wrong1234!');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('refuses a disabled user with a clear message', async () => {
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.email, 'tech@demo.test'));
    const response = await login('tech@demo.test', DEMO_PASSWORD);
    await t.database.db.update(users).set({ enabled: true }).where(eq(users.email, 'tech@demo.test'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_DISABLED', message: 'This account is disabled' });
  });

  it('refuses users of a suspended business, at login and on the next call of a live session', async () => {
    const token = await t.tokenFor('customer2@demo.test');
    const id = await t.idOf('customer2@demo.test');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, id));
    const suspend = (active: boolean) =>
      t.database.db
        .update(businesses)
        .set({ active })
        .where(eq(businesses.id, user?.businessId ?? 0));
    await suspend(false);
    const loginResponse = await login('customer2@demo.test', DEMO_PASSWORD);
    const liveResponse = await t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(token) });
    await suspend(true);
    expect(loginResponse.statusCode).toBe(403);
    expect(loginResponse.json().code).toBe('BUSINESS_SUSPENDED');
    expect(liveResponse.statusCode).toBe(403);
    expect(liveResponse.json().code).toBe('BUSINESS_SUSPENDED');
  });
});

describe('session tokens', () => {
  const me = async (token: string) => {
    const id = await t.idOf('customer@demo.test');
    return t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(token) });
  };
  const forge = (header: Record<string, unknown>, payload: Record<string, unknown>, signature = '') =>
    [header, payload].map((part) => Buffer.from(JSON.stringify(part)).toString('base64url')).join('.') +
    `.${signature}`;

  it('accepts a valid token', async () => {
    expect((await me(await t.tokenFor('customer@demo.test'))).statusCode).toBe(200);
  });

  it('answers 401 to a missing, malformed or tampered token', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const [header, , signature] = token.split('.');
    const id = await t.idOf('customer@demo.test');
    const elevated = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), role: Role.Administrator, id }),
    ).toString('base64url');
    for (const bad of ['garbage', `${header}.${elevated}.${signature}`, `${token}x`]) {
      const response = await me(bad);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
    const none = await t.app.inject({ url: `/api/v1/users/${id}` });
    expect(none.statusCode).toBe(401);
  });

  it('answers 401 to an alg:none token', async () => {
    const claims = decodeJwt(await t.tokenFor('customer@demo.test'));
    expect((await me(forge({ alg: 'none', typ: 'JWT' }, claims))).statusCode).toBe(401);
  });

  it('answers 401 to a token signed with another secret or another algorithm', async () => {
    const claims = decodeJwt(await t.tokenFor('customer@demo.test'));
    const sign = (alg: string, secret: string) =>
      new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));
    expect((await me(await sign('HS256', 'another-secret-that-is-long-enough-to-sign'))).statusCode).toBe(
      401,
    );
    expect((await me(await sign('HS512', TEST_JWT_SECRET))).statusCode).toBe(401);
  });

  it('answers 401 to an expired token', async () => {
    const token = await t.tokenFor('customer@demo.test');
    t.clock.advance(3601 * 1000);
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SESSION_EXPIRED', message: 'Session expired' });
  });

  it('does not accept the video token as a session', async () => {
    const response = await login('customer@demo.test', DEMO_PASSWORD);
    expect((await me(response.json().video_token)).statusCode).toBe(401);
  });
});
