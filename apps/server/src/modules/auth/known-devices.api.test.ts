import { TWO_FACTOR } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';
import { THROTTLE } from './login-throttle.ts';

const t = useTestApp({ trustProxy: ['127.0.0.1'] });
const OWNER = '198.51.100.20';
const WRONG = 'Wrong1234!';
const DEVICE_COOKIE = 'portal_device';

const post = (url: string, payload: object, address: string, device?: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'x-forwarded-for': address,
      ...(device && { cookie: `${DEVICE_COOKIE}=${device}` }),
      ...(token && bearer(token)),
    },
  });
const login = (email: string, password: string, address: string, device?: string) =>
  post('/api/v1/auth', { email, password }, address, device);

/** The Set-Cookie line of the device cookie, if the answer has one. */
function deviceCookieLine(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  return lines.find((line) => line.startsWith(`${DEVICE_COOKIE}=`));
}
const deviceCookieOf = (response: LightMyRequestResponse) =>
  deviceCookieLine(response)
    ?.split(';')[0]
    ?.slice(DEVICE_COOKIE.length + 1);

/** Signs in from the owner's usual address and keeps the device cookie the portal sets. */
async function knownDevice(email: string): Promise<string> {
  const response = await login(email, DEMO_PASSWORD, OWNER);
  expect(response.statusCode).toBe(200);
  const device = deviceCookieOf(response);
  expect(device).toBeTruthy();
  return device as string;
}

/**
 * An attacker's wrong passwords for `email`, each from an address of its own, the clock moved past the account's
 * delay after each, until the account has `failures` of them: every attempt without a known device now waits.
 */
async function flood(email: string, failures: number) {
  for (let i = 0; i < failures; i++) {
    if (i > 0) t.clock.advance(THROTTLE.accountMaxDelayMs);
    const response = await login(email, WRONG, `203.0.113.${i + 1}`);
    expect(response.statusCode).toBe(401);
  }
  // The last failure's delay is running now.
  expect((await login(email, WRONG, '203.0.113.200')).statusCode).toBe(429);
}

beforeEach(() => t.forgetLoginFailures());

describe('known devices', () => {
  it('let the owner sign in from their known device while failures from other addresses hold the account back', async () => {
    const device = await knownDevice('manager@demo.test');
    await flood('manager@demo.test', THROTTLE.pairLimit + 2);
    // The same password from the same address without the cookie waits, as today.
    expect((await login('manager@demo.test', DEMO_PASSWORD, OWNER)).statusCode).toBe(429);
    const signedIn = await login('manager@demo.test', DEMO_PASSWORD, OWNER, device);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('access_token');
    // And from anywhere else: the device is what is known, not the address.
    expect((await login('manager@demo.test', DEMO_PASSWORD, '192.0.2.77', device)).statusCode).toBe(200);
  });

  it('are set at sign-in as a long-lived HttpOnly, Secure, SameSite=Strict cookie for the sign-in calls', async () => {
    const response = await login('customer@demo.test', DEMO_PASSWORD, OWNER);
    const line = deviceCookieLine(response) ?? '';
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; SameSite=Strict/);
    expect(line).toMatch(/; Path=\/api\/v1\/auth(;|$)/);
    const expires = Date.parse(/; Expires=([^;]+)/.exec(line)?.[1] ?? '');
    expect(expires - t.clock.now().getTime()).toBeGreaterThan(90 * 24 * 3600 * 1000);
  });

  it('are not set by a wrong password, and a failed attempt keeps the cookie the browser has', async () => {
    const response = await login('customer@demo.test', WRONG, OWNER);
    expect(response.statusCode).toBe(401);
    expect(deviceCookieLine(response)).toBeUndefined();
  });

  it("give no bypass to another user's cookie, a forged one or a tampered one", async () => {
    const customersDevice = await knownDevice('customer@demo.test');
    const forged = await new SignJWT({ id: await t.idOf('manager@demo.test'), email: 'manager@demo.test' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('portal-known-device')
      .setIssuer('machine-support-portal')
      .setJti('forged-device-id-000000')
      .setIssuedAt()
      .setExpirationTime('30d')
      .sign(new TextEncoder().encode('not-the-portal-secret-not-the-portal-secret'));
    const managersDevice = await knownDevice('manager@demo.test');
    const [head, payload, signature] = managersDevice.split('.');
    const tampered = `${head}.${payload}.${signature?.slice(0, -4)}AAAA`;
    await flood('manager@demo.test', 4);
    for (const cookie of [customersDevice, forged, tampered, 'garbage']) {
      expect((await login('manager@demo.test', DEMO_PASSWORD, OWNER, cookie)).statusCode, cookie).toBe(429);
    }
    expect((await login('manager@demo.test', DEMO_PASSWORD, OWNER, managersDevice)).statusCode).toBe(200);
  });

  it('have a small failure budget of their own: a stolen cookie gives a few guesses, then the usual limits', async () => {
    const device = await knownDevice('manager@demo.test');
    await flood('manager@demo.test', 4);
    for (let i = 0; i < THROTTLE.deviceLimit; i++) {
      expect((await login('manager@demo.test', WRONG, '192.0.2.90', device)).statusCode).toBe(401);
    }
    // The budget is spent: the cookie is a stranger's now, and the account's delay holds it back.
    expect((await login('manager@demo.test', DEMO_PASSWORD, '192.0.2.90', device)).statusCode).toBe(429);
    t.clock.advance(THROTTLE.windowMs);
    expect((await login('manager@demo.test', DEMO_PASSWORD, '192.0.2.90', device)).statusCode).toBe(200);
  });

  it('forgive their own failures at a right password, not the account’s', async () => {
    const device = await knownDevice('manager@demo.test');
    await flood('manager@demo.test', 4);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < THROTTLE.deviceLimit - 1; i++) {
        expect((await login('manager@demo.test', WRONG, OWNER, device)).statusCode).toBe(401);
      }
      expect((await login('manager@demo.test', DEMO_PASSWORD, OWNER, device)).statusCode).toBe(200);
    }
    expect((await login('manager@demo.test', DEMO_PASSWORD, '192.0.2.91')).statusCode).toBe(429);
  });
});

describe('known devices and two-factor sign-in', () => {
  it('skip only the limits, never the second step: the code is still asked, and judged past the flood', async () => {
    const [manager] = await t.database.db.select().from(users).where(eq(users.email, 'manager@demo.test'));
    const email = 'two-factor-device@demo.test';
    await t.database.db.insert(users).values({
      email,
      name: 'Two',
      surname: 'Factor',
      role: manager?.role ?? 2,
      businessId: manager?.businessId ?? 1,
      passwordHash: await t.modules.auth.hasher.hash(DEMO_PASSWORD),
    });
    const token = await t.tokenFor(email);
    const { secret } = (await post('/api/v1/two-factor/setup', {}, OWNER, undefined, token)).json();
    const codeOf = () =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
        timestamp: t.clock.now().getTime(),
      });
    const nextStep = () => t.clock.advance(TWO_FACTOR.periodSeconds * 1000);
    expect(
      (await post('/api/v1/two-factor/confirm', { code: codeOf() }, OWNER, undefined, token)).statusCode,
    ).toBe(200);
    nextStep();

    // A sign-in with both steps sets the device cookie; the password step alone does not.
    const first = await login(email, DEMO_PASSWORD, OWNER);
    expect(first.json()).toMatchObject({ two_factor: 'code' });
    expect(deviceCookieLine(first)).toBeUndefined();
    const opened = await post(
      '/api/v1/auth/two-factor',
      { challenge: first.json().challenge, code: codeOf() },
      OWNER,
    );
    expect(opened.statusCode).toBe(200);
    const device = deviceCookieOf(opened) as string;
    expect(device).toBeTruthy();
    nextStep();

    await flood(email, 4);
    const password = await login(email, DEMO_PASSWORD, OWNER, device);
    expect(password.statusCode).toBe(200);
    expect(password.json()).toEqual({ two_factor: 'code', challenge: expect.any(String) });
    const { challenge } = password.json();
    // Without the cookie the code waits for the account's delay; with it, it is judged, and a wrong one refused.
    expect((await post('/api/v1/auth/two-factor', { challenge, code: codeOf() }, OWNER)).statusCode).toBe(
      429,
    );
    const wrongCode = await post('/api/v1/auth/two-factor', { challenge, code: '000000' }, OWNER, device);
    expect(wrongCode.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    const signedIn = await post('/api/v1/auth/two-factor', { challenge, code: codeOf() }, OWNER, device);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('access_token');
  });
});
