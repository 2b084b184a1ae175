import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFailures } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loginKeys, THROTTLE } from './login-throttle.ts';
import { HASHER_DEFAULTS } from './password-hasher.ts';

// Real argon2, except that a test can hold every verification until it lets them go.
const gate = vi.hoisted(() => ({ held: false, waiting: [] as (() => void)[] }));
vi.mock('argon2', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('argon2') }>()).default;
  const verify: typeof real.verify = async (...args) => {
    if (gate.held) await new Promise<void>((resolve) => gate.waiting.push(resolve));
    return real.verify(...args);
  };
  return { default: { ...real, verify } };
});

let t: TestApp;
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';
const WRONG = 'Wrong1234!';

/** A login reaching the portal through the trusted proxy from `address`. */
const login = (email: string, password: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    payload: { email, password },
    headers: { 'x-forwarded-for': address },
  });
const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);
const tally = (responses: LightMyRequestResponse[], status: number) =>
  statuses(responses).filter((code) => code === status).length;
const retryAfter = (response: LightMyRequestResponse) => Number(response.headers['retry-after']);
const failuresOf = async (key: string) => {
  const [row] = await t.database.db.select().from(loginFailures).where(eq(loginFailures.key, key));
  return row?.failures ?? 0;
};

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'TOO_MANY_LOGIN_ATTEMPTS' });
  expect(response.json().message).toMatch(/^Too many failed login attempts. Try again in \d+ seconds.$/);
  expect(retryAfter(response)).toBeGreaterThanOrEqual(1);
}

beforeAll(async () => {
  t = await createTestApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(loginFailures);
});

describe('login limits under concurrent attempts', () => {
  it('judges at most ten of 40 simultaneous wrong passwords from one address, and refuses the right one sent with them', async () => {
    const wrong = Array.from({ length: 40 }, () => login('manager@demo.test', WRONG, ATTACKER));
    const right = login('manager@demo.test', DEMO_PASSWORD, ATTACKER);
    const responses = await Promise.all([...wrong, right]);

    const judged = tally(responses, 401);
    expect(judged).toBeGreaterThanOrEqual(1);
    expect(judged).toBeLessThanOrEqual(THROTTLE.pairLimit);
    expect(tally(responses, 429)).toBe(responses.length - judged);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectTooMany(response);
    expect((await right).statusCode).toBe(429);
    // Refused attempts are not counted: only the judged ones are failures.
    expect(await failuresOf(loginKeys('manager@demo.test', ATTACKER).pair)).toBe(judged);
  });

  it('judges exactly fifty of 80 simultaneous failures from one address, over many accounts', async () => {
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) => login(`user${i}@elsewhere.test`, WRONG, ATTACKER)),
    );
    expect(tally(responses, 401)).toBe(THROTTLE.addressLimit);
    expect(tally(responses, 429)).toBe(80 - THROTTLE.addressLimit);
    for (const response of responses.filter((r) => r.statusCode === 429)) expectTooMany(response);

    expectTooMany(await login('customer@demo.test', DEMO_PASSWORD, ATTACKER));
    expect((await login('customer@demo.test', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('answers only 200, 401 or 429 when right and wrong passwords for one account race from many addresses', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login('customer@demo.test', i % 2 ? DEMO_PASSWORD : WRONG, `192.0.2.${(i % 5) + 1}`),
      ),
    );
    expect(statuses(responses).filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
    expect(tally(responses, 200)).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 SERVER_BUSY with Retry-After at once when the hashing queue is full, without counting those attempts', async () => {
    const capacity = HASHER_DEFAULTS.concurrency + HASHER_DEFAULTS.maxWaiting;
    const addressOf = (i: number) => `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    gate.held = true;
    const settled: LightMyRequestResponse[] = [];
    const flood = Array.from({ length: capacity + 4 }, (_, i) =>
      login(`flood${i}@elsewhere.test`, WRONG, addressOf(i)).then((response) => {
        settled.push(response);
        return response;
      }),
    );
    try {
      // The overflow is answered while every hash that made it into the queue is still held.
      await vi.waitFor(() => expect(settled).toHaveLength(4), { timeout: 10_000, interval: 20 });
      for (const response of settled) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ code: 'SERVER_BUSY' });
        expect(retryAfter(response)).toBeGreaterThanOrEqual(1);
      }
    } finally {
      gate.held = false;
      for (const release of gate.waiting.splice(0)) release();
    }
    const responses = await Promise.all(flood);
    expect(tally(responses, 401)).toBe(capacity);

    const addresses = responses.map((_, i) => loginKeys('', addressOf(i)).address);
    const rows = await t.database.db
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, addresses));
    const failures = rows.reduce((sum, row) => sum + row.failures, 0);
    expect(failures).toBe(capacity);
  });
});

describe('no lock-out of the owner', () => {
  it('lets the right password in from another address after ten failures, at most the short cap later', async () => {
    for (let i = 0; i < THROTTLE.pairLimit; i++) {
      t.clock.advance(THROTTLE.accountMaxDelayMs);
      expect((await login('manager2@demo.test', WRONG, ATTACKER)).statusCode).toBe(401);
    }
    const owner = await login('manager2@demo.test', DEMO_PASSWORD, OWNER);
    expectTooMany(owner);
    expect(retryAfter(owner) * 1000).toBeLessThanOrEqual(THROTTLE.accountMaxDelayMs);
    t.clock.advance(retryAfter(owner) * 1000);
    expect((await login('manager2@demo.test', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);

    // The attacker's pair stays stopped for the rest of its hour, even with the right password.
    const attacker = await login('manager2@demo.test', DEMO_PASSWORD, ATTACKER);
    expectTooMany(attacker);
    expect(retryAfter(attacker)).toBeGreaterThan(THROTTLE.accountMaxDelayMs / 1000);
  });

  it('slows an account from the third failure, from any address, by one second', async () => {
    for (let i = 0; i < 3; i++) expect((await login('tech@demo.test', WRONG, ATTACKER)).statusCode).toBe(401);
    const slowed = await login('tech@demo.test', DEMO_PASSWORD, OWNER);
    expectTooMany(slowed);
    expect(slowed.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await login('tech@demo.test', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('stops a pair after ten failures until its hour is over, with the same answers for an unknown account', async () => {
    const answers = [];
    for (const email of ['customer2@demo.test', 'ghost@demo.test']) {
      const start = t.clock.now().getTime();
      for (let i = 0; i < THROTTLE.pairLimit; i++) {
        t.clock.advance(THROTTLE.accountMaxDelayMs);
        expect((await login(email, WRONG, ATTACKER)).statusCode).toBe(401);
      }
      t.clock.advance(THROTTLE.accountMaxDelayMs);
      const blocked = await login(email, DEMO_PASSWORD, ATTACKER);
      expectTooMany(blocked);
      answers.push({ body: blocked.json(), retryAfter: blocked.headers['retry-after'] });
      // Past the end of the pair's hour, which began with its first failure.
      t.clock.advance(start + THROTTLE.accountMaxDelayMs + THROTTLE.windowMs - t.clock.now().getTime());
    }
    expect(answers[1]).toEqual(answers[0]);
    expect((await login('customer2@demo.test', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from an address that is not a configured proxy', async () => {
    const direct = await createTestApp();
    try {
      const attempt = (email: string, password: string, i: number) =>
        direct.app.inject({
          method: 'POST',
          url: '/api/v1/auth',
          payload: { email, password },
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      await Promise.all(
        Array.from({ length: THROTTLE.addressLimit }, (_, i) => attempt(`user${i}@elsewhere.test`, WRONG, i)),
      );
      const response = await attempt('customer@demo.test', DEMO_PASSWORD, 200);
      expect(response.statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('login counters', () => {
  it('are deleted on a later login once their window is over', async () => {
    await login('ghost@demo.test', WRONG, ATTACKER);
    t.clock.advance(THROTTLE.windowMs - 60_000);
    await login('ghost2@demo.test', WRONG, ATTACKER);
    const keys = [loginKeys('ghost@demo.test', ATTACKER), loginKeys('ghost2@demo.test', ATTACKER)];
    t.clock.advance(2 * 60_000);
    expect((await login('customer@demo.test', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);

    const rows = await t.database.db.select().from(loginFailures);
    const present = new Set(rows.map((row) => row.key));
    // The address's window began with the first failure, so it goes too; the second pair's hour is not over.
    expect(
      [keys[0]?.pair, keys[0]?.account, keys[0]?.address].filter((key) => present.has(key ?? '')),
    ).toEqual([]);
    expect(await failuresOf(keys[1]?.pair ?? '')).toBe(1);
    expect(await failuresOf(keys[1]?.account ?? '')).toBe(1);
  });
});
