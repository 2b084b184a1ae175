import { Role, TWO_FACTOR } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityRecords, twoFactorRecoveryCodes, twoFactors, users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';

const t = useTestApp();
let business: number;
let serial = 0;

beforeAll(async () => {
  const [customer] = await t.database.db.select().from(users).where(eq(users.email, 'customer@demo.test'));
  business = customer?.businessId ?? 0;
});
beforeEach(() => t.forgetLoginFailures());

/** A fresh user of business A with the demo password. */
async function newUser(role: Role = Role.Customer): Promise<{ id: number; email: string }> {
  serial += 1;
  const email = `two-factor-${serial}@demo.test`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      name: 'Two',
      surname: 'Factor',
      role,
      businessId: business,
      passwordHash: await t.modules.auth.hasher.hash(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  return { id: row.id, email };
}

/** The code an authenticator app shows now (the test's clock). */
const codeOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: t.clock.now().getTime(),
  });
/** The next time step: the code of the one before is used up. */
const nextStep = () => t.clock.advance(TWO_FACTOR.periodSeconds * 1000);

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }),
  });
const login = (email: string) => call('POST', '/api/v1/auth', undefined, { email, password: DEMO_PASSWORD });
const secondStep = (challenge: string, code: string) =>
  call('POST', '/api/v1/auth/two-factor', undefined, { challenge, code });

/** A user with two-factor sign-in on: their secret, recovery codes and a session token. */
async function withTwoFactor(role: Role = Role.Customer) {
  const user = await newUser(role);
  const token = await t.tokenFor(user.email);
  const setup = await call('POST', '/api/v1/two-factor/setup', token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirmed = await call('POST', '/api/v1/two-factor/confirm', token, { code: codeOf(secret) });
  expect(confirmed.statusCode).toBe(200);
  nextStep();
  return {
    ...user,
    token,
    secret: secret as string,
    recoveryCodes: confirmed.json().recoveryCodes as string[],
  };
}

async function challengeOf(email: string): Promise<string> {
  const response = await login(email);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ two_factor: 'code', challenge: expect.any(String) });
  return response.json().challenge;
}

describe('setting up one’s own two-factor sign-in', () => {
  it('gives a secret and its otpauth URI, turns on with a code and answers ten distinct recovery codes', async () => {
    const user = await newUser();
    const token = await t.tokenFor(user.email);
    expect((await call('GET', '/api/v1/two-factor', token)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await call('POST', '/api/v1/two-factor/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*two-factor-\d+%40demo\.test\?/);
    expect(uri).toContain(`secret=${secret}`);
    const confirmed = await call('POST', '/api/v1/two-factor/confirm', token, { code: codeOf(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await call('GET', '/api/v1/two-factor', token)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
  });

  it('keeps the secret encrypted and the recovery codes hashed: the database alone gives neither away', async () => {
    const user = await withTwoFactor();
    const [row] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(user.secret);
    const hashes = await t.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) expect(user.recoveryCodes.join()).not.toContain(codeHash);
  });

  it('refuses a wrong code (400), a malformed one (400) and a set-up when it is already on (409)', async () => {
    const user = await newUser();
    const token = await t.tokenFor(user.email);
    const { secret } = (await call('POST', '/api/v1/two-factor/setup', token)).json();
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('POST', '/api/v1/two-factor/confirm', token, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_TWO_FACTOR_CODE');
    const malformed = await call('POST', '/api/v1/two-factor/confirm', token, { code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
    expect(
      (await call('POST', '/api/v1/two-factor/confirm', token, { code: codeOf(secret) })).statusCode,
    ).toBe(200);
    const again = await call('POST', '/api/v1/two-factor/setup', token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_FACTOR_ON');
  });

  it('answers 401 without a session and 403 to a disabled account, on every route of one’s own', async () => {
    const user = await newUser();
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    const routes = [
      ['GET', '/api/v1/two-factor', undefined],
      ['POST', '/api/v1/two-factor/setup', undefined],
      ['POST', '/api/v1/two-factor/confirm', { code: '123456' }],
      ['POST', '/api/v1/two-factor/disable', { code: '123456' }],
    ] as const;
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      // A fresh session each time: the refusal ends the one it met.
      const refused = await call(method, url, await t.tokenFor(user.email), payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    }
  });

  it('turns off with a current code, not with a wrong one, and says 409 when it is off', async () => {
    const user = await withTwoFactor();
    expect(
      (await call('POST', '/api/v1/two-factor/disable', user.token, { code: '000000' })).statusCode,
    ).toBe(codeOf(user.secret) === '000000' ? 204 : 400);
    nextStep();
    expect(
      (await call('POST', '/api/v1/two-factor/disable', user.token, { code: codeOf(user.secret) }))
        .statusCode,
    ).toBe(204);
    expect((await call('GET', '/api/v1/two-factor', user.token)).json().enabled).toBe(false);
    const off = await call('POST', '/api/v1/two-factor/disable', user.token, { code: codeOf(user.secret) });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('TWO_FACTOR_OFF');
    expect((await login(user.email)).json()).toHaveProperty('access_token');
  });

  it("turned on, ends the user's other sessions (not renewable, their streams told) and keeps the current one", async () => {
    const user = await newUser();
    const token = await t.tokenFor(user.email);
    const other = await t.renewableSessionFor(user.email);
    const bystander = await t.tokenFor('customer@demo.test');
    const changes: unknown[] = [];
    const unsubscribe = t.modules.auth.events.subscribe((change) => changes.push(change));
    try {
      const { secret } = (await call('POST', '/api/v1/two-factor/setup', token)).json();
      // Setting up alone changes nothing: the second factor is not on until its first code.
      expect((await call('GET', '/api/v1/two-factor', other.token)).statusCode).toBe(200);
      const confirmed = await call('POST', '/api/v1/two-factor/confirm', token, { code: codeOf(secret) });
      expect(confirmed.statusCode).toBe(200);
      nextStep();
      expect(changes).toContainEqual({ userId: user.id });
    } finally {
      unsubscribe();
    }
    const ended = await call('GET', '/api/v1/two-factor', other.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('SESSION_ENDED');
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/session',
      headers: { ...bearer(other.token), cookie: other.cookie },
    });
    expect(renewed.statusCode).toBe(401);
    expect((await call('GET', '/api/v1/two-factor', token)).json()).toMatchObject({ enabled: true });
    expect((await call('GET', '/api/v1/two-factor', bystander)).statusCode).toBe(200);
  });
});

describe('signing in with two-factor sign-in', () => {
  it('leaves the login of a user without it exactly as it was', async () => {
    const response = await login('customer@demo.test');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['access_token', 'video_token']);
  });

  it('asks for the second step after the password, with no session yet, and opens one for a right code', async () => {
    const user = await withTwoFactor();
    const first = await login(user.email);
    expect(first.json()).not.toHaveProperty('access_token');
    expect(first.headers['set-cookie']).toBeUndefined();
    const response = await secondStep(first.json().challenge, codeOf(user.secret));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.any(String), video_token: expect.any(String) });
    expect(String(response.headers['set-cookie'])).toContain('portal_renewal=');
    const session = await call('GET', `/api/v1/users/${user.id}`, response.json().access_token);
    expect(session.statusCode).toBe(200);
  });

  it('takes each code once within its window', async () => {
    const user = await withTwoFactor();
    const code = codeOf(user.secret);
    expect((await secondStep(await challengeOf(user.email), code)).statusCode).toBe(200);
    const replayed = await secondStep(await challengeOf(user.email), code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('INVALID_TWO_FACTOR_CODE');
  });

  it('accepts a recovery code once, however it is typed', async () => {
    const user = await withTwoFactor();
    const [recovery = ''] = user.recoveryCodes;
    const typed = ` ${recovery.toUpperCase().replaceAll('-', ' ')} `;
    expect((await secondStep(await challengeOf(user.email), typed)).statusCode).toBe(200);
    const again = await secondStep(await challengeOf(user.email), recovery);
    expect(again.statusCode).toBe(400);
    expect((await call('GET', '/api/v1/two-factor', user.token)).json().recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes in the login limits: a right password does not forgive them', async () => {
    const user = await withTwoFactor();
    for (let i = 0; i < 3; i++) {
      expect((await secondStep(await challengeOf(user.email), 'wrong-code')).statusCode).toBe(400);
    }
    const limited = await secondStep(await challengeOf(user.email).catch(() => 'none'), codeOf(user.secret));
    expect([429, 401]).toContain(limited.statusCode);
    expect((await login(user.email)).statusCode).toBe(429);
  });

  it('answers 400 for a body without a code, 401 for a challenge that is not one or has expired', async () => {
    const user = await withTwoFactor();
    const challenge = await challengeOf(user.email);
    const missing = await call('POST', '/api/v1/auth/two-factor', undefined, { challenge });
    expect(missing.statusCode).toBe(400);
    expect((await secondStep('not-a-challenge', codeOf(user.secret))).statusCode).toBe(401);
    expect((await secondStep(user.token, codeOf(user.secret))).statusCode).toBe(401);
    t.clock.advance(TWO_FACTOR.challengeSeconds * 1000 + 1000);
    expect((await secondStep(challenge, codeOf(user.secret))).statusCode).toBe(401);
  });

  it('answers 403 to a user disabled after giving the password', async () => {
    const user = await withTwoFactor();
    const challenge = await challengeOf(user.email);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    const refused = await secondStep(challenge, codeOf(user.secret));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
  });
});

describe('two-factor sign-in required of administrators and technicians', () => {
  const setRequired = async (requiredForStaff: boolean) =>
    call('PUT', '/api/v1/settings/two-factor', await t.tokenFor('admin@demo.test'), { requiredForStaff });

  it('is the administrators’ setting: 401 without a session, 403 for anyone else, 400 for a wrong body', async () => {
    const admin = await t.tokenFor('admin@demo.test');
    expect((await call('GET', '/api/v1/settings/two-factor', admin)).json()).toEqual({
      requiredForStaff: false,
    });
    expect((await call('GET', '/api/v1/settings/two-factor')).statusCode).toBe(401);
    expect(
      (await call('PUT', '/api/v1/settings/two-factor', undefined, { requiredForStaff: true })).statusCode,
    ).toBe(401);
    for (const email of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test']) {
      const token = await t.tokenFor(email);
      expect((await call('GET', '/api/v1/settings/two-factor', token)).statusCode).toBe(403);
      expect(
        (await call('PUT', '/api/v1/settings/two-factor', token, { requiredForStaff: true })).statusCode,
      ).toBe(403);
    }
    expect(
      (await call('PUT', '/api/v1/settings/two-factor', admin, { requiredForStaff: 'yes' })).statusCode,
    ).toBe(400);
    // The session settings beside it keep their value.
    const before = (await call('GET', '/api/v1/settings/sessions', admin)).json();
    expect((await setRequired(true)).json()).toEqual({ requiredForStaff: true });
    expect((await call('GET', '/api/v1/settings/sessions', admin)).json()).toEqual(before);
    expect((await setRequired(false)).statusCode).toBe(200);
  });

  it('walks a technician without it through the set-up at sign-in; customers sign in as before', async () => {
    await setRequired(true);
    try {
      expect((await login('customer@demo.test')).json()).toHaveProperty('access_token');
      const technician = await newUser(Role.Technician);
      const first = await login(technician.email);
      expect(first.json()).toEqual({ two_factor: 'setup', challenge: expect.any(String) });
      const { challenge } = first.json();
      const earlier = await t.tokenFor(technician.email);
      const status = await call('GET', '/api/v1/two-factor', earlier);
      expect(status.json()).toMatchObject({ enabled: false, required: true });
      const setup = await call('POST', '/api/v1/auth/two-factor/setup', undefined, { challenge });
      expect(setup.statusCode).toBe(200);
      const { secret } = setup.json();
      const done = await secondStep(challenge, codeOf(secret));
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({
        access_token: expect.any(String),
        video_token: expect.any(String),
        recoveryCodes: expect.arrayContaining([expect.any(String)]),
      });
      nextStep();
      // Turned on at sign-in: the sessions opened before it end, the new one lives.
      expect((await call('GET', '/api/v1/two-factor', earlier)).statusCode).toBe(401);
      expect((await call('GET', '/api/v1/two-factor', done.json().access_token)).statusCode).toBe(200);
      expect((await login(technician.email)).json()).toMatchObject({ two_factor: 'code' });
    } finally {
      await setRequired(false);
    }
  });

  it('sets up at sign-in only for a set-up challenge: 400, 401 and 409 otherwise', async () => {
    const user = await withTwoFactor(Role.Technician);
    const challenge = await challengeOf(user.email);
    expect((await call('POST', '/api/v1/auth/two-factor/setup', undefined, {})).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/v1/auth/two-factor/setup', undefined, { challenge: 'x' })).statusCode,
    ).toBe(401);
    const conflict = await call('POST', '/api/v1/auth/two-factor/setup', undefined, { challenge });
    expect(conflict.statusCode).toBe(409);
  });

  it('answers 403 at set-up to a user disabled after giving the password', async () => {
    await setRequired(true);
    try {
      const technician = await newUser(Role.Technician);
      const { challenge } = (await login(technician.email)).json();
      await t.database.db.update(users).set({ enabled: false }).where(eq(users.id, technician.id));
      const refused = await call('POST', '/api/v1/auth/two-factor/setup', undefined, { challenge });
      expect(refused.statusCode).toBe(403);
    } finally {
      await setRequired(false);
    }
  });
});

describe("DELETE /api/v1/users/:id/two-factor (an administrator's reset)", () => {
  it('removes the second factor of any business’s user: the next sign-in asks the password alone', async () => {
    const user = await withTwoFactor();
    const admin = await t.tokenFor('admin@demo.test');
    const response = await call('DELETE', `/api/v1/users/${user.id}/two-factor`, admin);
    expect(response.statusCode).toBe(204);
    expect((await login(user.email)).json()).toHaveProperty('access_token');
    const other = await t.idOf('customer2@demo.test');
    expect((await call('DELETE', `/api/v1/users/${other}/two-factor`, admin)).statusCode).toBe(204);
  });

  it('is recorded in the activity record, as turning it on and off are', async () => {
    const user = await withTwoFactor();
    expect(
      (await call('POST', '/api/v1/two-factor/disable', user.token, { code: codeOf(user.secret) }))
        .statusCode,
    ).toBe(204);
    const again = await withTwoFactor();
    const admin = await t.tokenFor('admin@demo.test');
    expect((await call('DELETE', `/api/v1/users/${again.id}/two-factor`, admin)).statusCode).toBe(204);
    await t.modules.activity.log.flush();
    const kinds = async (actor: number) =>
      (await t.database.db.select().from(activityRecords).where(eq(activityRecords.actorUserId, actor))).map(
        (row) => row.kind,
      );
    expect(await kinds(user.id)).toEqual(['twoFactor.enable', 'twoFactor.disable']);
    // The one-time codes the bodies carried are not kept.
    const own = await t.database.db
      .select()
      .from(activityRecords)
      .where(eq(activityRecords.actorUserId, user.id));
    expect(own.map((row) => row.detail.code)).toEqual(['set', 'set']);
    const reset = (
      await t.database.db
        .select()
        .from(activityRecords)
        .where(eq(activityRecords.actorUserId, await t.idOf('admin@demo.test')))
    ).find((row) => row.kind === 'twoFactor.reset' && row.detail.id === again.id);
    expect(reset?.detail).toMatchObject({ route: 'DELETE /api/v1/users/:id/two-factor' });
  });

  it('answers 400 for a malformed id, 401 without a session, 403 to anyone else, 404 for no such user', async () => {
    const user = await withTwoFactor();
    const admin = await t.tokenFor('admin@demo.test');
    expect((await call('DELETE', '/api/v1/users/abc/two-factor', admin)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/v1/users/${user.id}/two-factor`)).statusCode).toBe(401);
    for (const email of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test', user.email]) {
      const refused = await call('DELETE', `/api/v1/users/${user.id}/two-factor`, await t.tokenFor(email));
      expect(refused.statusCode).toBe(403);
    }
    // A manager of the other business is refused like any manager: the reset is the administrators' alone.
    const other = await call(
      'DELETE',
      `/api/v1/users/${user.id}/two-factor`,
      await t.tokenFor('manager2@demo.test'),
    );
    expect(other.statusCode).toBe(403);
    expect((await call('DELETE', '/api/v1/users/999999/two-factor', admin)).statusCode).toBe(404);
    expect((await challengeOf(user.email)).length).toBeGreaterThan(0);
  });
});
