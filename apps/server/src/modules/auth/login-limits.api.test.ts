import argon2 from 'argon2';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFailures } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { HASHER_DEFAULTS } from '../../shared/password-hasher.ts';
import { useTestApp } from '../../test/api-test.ts';
import { createTestApp } from '../../test/test-app.ts';
import { LOGIN_GATE } from './login-gate.ts';
import { LoginThrottleRepository } from './login-throttle.repository.ts';
import { loginKeys, THROTTLE } from './login-throttle.ts';

// Real argon2, except that a test can hold every verification until it lets them go. Spied, not mocked: test
// files share their worker's modules, and the spy is restored when this file ends.
const gate = { held: false, waiting: [] as (() => void)[] };
const realVerify = argon2.verify.bind(argon2);
vi.spyOn(argon2, 'verify').mockImplementation(async (...args) => {
  if (gate.held) await new Promise<void>((resolve) => gate.waiting.push(resolve));
  return realVerify(...args);
});
afterAll(() => {
  vi.restoreAllMocks();
});

const t = useTestApp({ trustProxy: ['127.0.0.1'] });
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

/**
 * Sends `attempts` with every password check held, waits until `held` of them were admitted to it (hashing, or
 * queued for the hasher) and every other one has been answered, then lets the checks go. Answers every
 * response, and those answered while held.
 */
async function whileChecksHeld(attempts: (() => Promise<LightMyRequestResponse>)[], held: number) {
  const checks = vi.spyOn(t.modules.auth.hasher, 'verify');
  gate.held = true;
  const settled: LightMyRequestResponse[] = [];
  const all = attempts.map((attempt) =>
    attempt().then((response) => {
      settled.push(response);
      return response;
    }),
  );
  let early: LightMyRequestResponse[] = [];
  try {
    await vi.waitFor(
      () => {
        expect(checks.mock.calls).toHaveLength(held);
        expect(settled).toHaveLength(attempts.length - held);
      },
      { timeout: 10_000, interval: 20 },
    );
    early = [...settled];
  } finally {
    gate.held = false;
    for (const release of gate.waiting.splice(0)) release();
    checks.mockRestore();
  }
  return { responses: await Promise.all(all), early };
}

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'TOO_MANY_LOGIN_ATTEMPTS' });
  expect(response.json().message).toMatch(/^Too many failed login attempts. Try again in \d+ seconds.$/);
  expect(retryAfter(response)).toBeGreaterThanOrEqual(1);
}

beforeEach(() => t.forgetLoginFailures());

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

  it('judges fifty of 80 simultaneous failures from one address over many accounts, then one a minute', async () => {
    const { responses, early } = await whileChecksHeld(
      Array.from({ length: 80 }, (_, i) => () => login(`user${i}@elsewhere.test`, WRONG, ATTACKER)),
      THROTTLE.addressLimit,
    );
    // The 30 beyond the fifty in flight are refused at once: fifty failures may be judged, no more.
    for (const response of early) expectTooMany(response);
    expect(tally(responses, 401)).toBe(THROTTLE.addressLimit);
    expect(await failuresOf(loginKeys('', ATTACKER).address)).toBe(THROTTLE.addressLimit);

    // Over its limit, the address has one attempt a minute; this one takes it.
    expect((await login('one-more@elsewhere.test', WRONG, ATTACKER)).statusCode).toBe(401);
    // The address's turn over its limit is taken: a right password from there waits for the next one.
    const waiting = await login('customer@demo.test', DEMO_PASSWORD, ATTACKER);
    expectTooMany(waiting);
    expect(retryAfter(waiting) * 1000).toBeLessThanOrEqual(LOGIN_GATE.overLimitIntervalMs);
    expect((await login('customer@demo.test', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it('answers only 200, 401 or 429 when right and wrong passwords for one account race from many addresses', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login('customer@demo.test', i % 2 ? DEMO_PASSWORD : WRONG, `192.0.2.${(i % 5) + 1}`),
      ),
    );
    expect(statuses(responses).filter((status) => ![200, 401, 429].includes(status))).toEqual([]);
    // Which attempts the account's delay holds back depends on their order; none is ever judged wrongly.
    responses.forEach((response, i) => {
      if (response.statusCode !== 429) expect(response.statusCode, `attempt ${i}`).toBe(i % 2 ? 200 : 401);
    });
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

describe('attempts in flight', () => {
  it('are no failures: ten simultaneous right passwords for one account from one address all pass at once', async () => {
    // Every password check is held until all ten wait on it together: none was refused or held back first.
    const { responses, early } = await whileChecksHeld(
      Array.from(
        { length: THROTTLE.accountInFlightLimit },
        () => () => login('manager@demo.test', DEMO_PASSWORD, OWNER),
      ),
      THROTTLE.accountInFlightLimit,
    );
    expect(early).toEqual([]);
    expect(statuses(responses)).toEqual(Array(THROTTLE.accountInFlightLimit).fill(200));
    const keys = loginKeys('manager@demo.test', OWNER);
    const rows = await t.database.db
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, [keys.pair, keys.account, keys.address]));
    expect(rows.map(({ failures, inFlight }) => ({ failures, inFlight }))).toEqual(
      Array(3).fill({ failures: 0, inFlight: 0 }),
    );
    // And at once again: nothing of them slows the next ones.
    const again = await Promise.all(
      Array.from({ length: THROTTLE.accountInFlightLimit }, () =>
        login('manager@demo.test', DEMO_PASSWORD, OWNER),
      ),
    );
    expect(statuses(again)).toEqual(Array(THROTTLE.accountInFlightLimit).fill(200));
  });

  it("let accounts that have logged in from an address past that address's bound: an office signing in at once", async () => {
    const accounts = ['admin', 'manager', 'tech', 'customer', 'manager2', 'customer2'].map(
      (n) => `${n}@demo.test`,
    );
    for (const email of accounts) expect((await login(email, DEMO_PASSWORD, OWNER)).statusCode).toBe(200);
    // Sixty at once from one address, ten per account: past the fifty an address may have under way.
    const { responses, early } = await whileChecksHeld(
      accounts.flatMap((email) =>
        Array.from({ length: THROTTLE.accountInFlightLimit }, () => () => login(email, DEMO_PASSWORD, OWNER)),
      ),
      accounts.length * THROTTLE.accountInFlightLimit,
    );
    expect(accounts.length * THROTTLE.accountInFlightLimit).toBeGreaterThan(THROTTLE.addressLimit);
    expect(early).toEqual([]);
    expect(tally(responses, 200)).toBe(responses.length);
  });

  it('bound parallel guesses on one account from many addresses: ten at once, then one at a time after its delay', async () => {
    const guess = (i: number) => () => login('tech@demo.test', WRONG, `192.0.2.${i + 1}`);
    const first = await whileChecksHeld(
      Array.from({ length: 40 }, (_, i) => guess(i)),
      THROTTLE.accountInFlightLimit,
    );
    for (const response of first.early) {
      expectTooMany(response);
      expect(retryAfter(response)).toBe(1);
    }
    expect(tally(first.responses, 401)).toBe(THROTTLE.accountInFlightLimit);
    expect(await failuresOf(loginKeys('tech@demo.test', OWNER).account)).toBe(THROTTLE.accountInFlightLimit);

    // Now slowed: even the right password waits out the delay, ...
    const slowed = await login('tech@demo.test', DEMO_PASSWORD, OWNER);
    expectTooMany(slowed);
    expect(retryAfter(slowed) * 1000).toBe(THROTTLE.accountMaxDelayMs);
    // ... after which one guess at a time is judged.
    t.clock.advance(THROTTLE.accountMaxDelayMs);
    const next = await whileChecksHeld(
      Array.from({ length: 5 }, (_, i) => guess(i + 40)),
      1,
    );
    for (const response of next.early) expectTooMany(response);
    expect(tally(next.responses, 401)).toBe(1);
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
      const counted = await direct.database.db.select().from(loginFailures);
      const addresses = counted.filter((row) => row.key.startsWith('address:'));
      expect(addresses).toEqual([
        expect.objectContaining({ key: loginKeys('', '127.0.0.1').address, failures: THROTTLE.addressLimit }),
      ]);
    } finally {
      await direct.close();
    }
  });
});

/** Fails `count` logins from `address`, each on an account of its own (none of them a demo account). */
async function failFrom(address: string, count: number, prefix = 'sprayed') {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) => login(`${prefix}${i}@elsewhere.test`, WRONG, address)),
  );
  expect(statuses(responses).every((status) => status === 401)).toBe(true);
}

/** Spies on every way to the database and on the hasher, for the attempts made in `act`. */
async function workDoneBy(act: () => Promise<unknown>) {
  const { db } = t.database;
  const spies = [
    ...(['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const).map((method) =>
      vi.spyOn(db, method),
    ),
    vi.spyOn(LoginThrottleRepository.prototype, 'countAttempt'),
    vi.spyOn(LoginThrottleRepository.prototype, 'pruneExpired'),
    vi.spyOn(t.modules.users.repository, 'findWithBusinessStateByEmail'),
    vi.spyOn(t.modules.auth.hasher, 'verify'),
  ];
  try {
    await act();
    return spies.reduce((calls, spy) => calls + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe('a flood from one address', () => {
  it('is refused from memory once over its limit: no database query, no hash, whatever the password', async () => {
    await failFrom(ATTACKER, THROTTLE.addressLimit);
    // The address's one attempt a minute over its limit.
    expect((await login('extra@elsewhere.test', WRONG, ATTACKER)).statusCode).toBe(401);

    const flood: LightMyRequestResponse[] = [];
    const work = await workDoneBy(async () => {
      for (let i = 0; i < 30; i++) {
        const email = i % 3 ? `flood${i}@elsewhere.test` : 'customer@demo.test';
        flood.push(await login(email, i % 3 ? WRONG : DEMO_PASSWORD, ATTACKER));
      }
    });
    expect(work).toBe(0);
    for (const response of flood) expectTooMany(response);
    expect(Math.max(...flood.map(retryAfter)) * 1000).toBeLessThanOrEqual(LOGIN_GATE.overLimitIntervalMs);
  });

  it('is refused from memory once a pair is over its limit, or an account within its delay', async () => {
    for (let i = 0; i < THROTTLE.pairLimit; i++) {
      t.clock.advance(THROTTLE.accountMaxDelayMs);
      expect((await login('tech@demo.test', WRONG, ATTACKER)).statusCode).toBe(401);
    }
    const refused: LightMyRequestResponse[] = [];
    const work = await workDoneBy(async () => {
      for (let i = 0; i < 10; i++) refused.push(await login('tech@demo.test', WRONG, ATTACKER));
      // From elsewhere the account only waits out its delay, but that too is known without asking.
      for (let i = 0; i < 10; i++) refused.push(await login('tech@demo.test', DEMO_PASSWORD, OWNER));
    });
    expect(work).toBe(0);
    for (const response of refused) expectTooMany(response);
    t.clock.advance(THROTTLE.accountMaxDelayMs);
    expect((await login('tech@demo.test', DEMO_PASSWORD, OWNER)).statusCode).toBe(200);
  });

  it("does not lock out another account's right password: it passes at the address's next turn", async () => {
    await failFrom(ATTACKER, THROTTLE.addressLimit);
    expect((await login('customer@demo.test', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);

    // The attacker keeps on: one attempt a minute is judged, the others are refused at once.
    t.clock.advance(LOGIN_GATE.overLimitIntervalMs);
    expect((await login('more@elsewhere.test', WRONG, ATTACKER)).statusCode).toBe(401);
    expectTooMany(await login('more2@elsewhere.test', WRONG, ATTACKER));
    const waiting = await login('manager@demo.test', DEMO_PASSWORD, ATTACKER);
    expectTooMany(waiting);
    expect(retryAfter(waiting) * 1000).toBeLessThanOrEqual(LOGIN_GATE.overLimitIntervalMs);
    t.clock.advance(retryAfter(waiting) * 1000);
    expect((await login('manager@demo.test', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);

    // An account that has logged in from this address need not wait for a turn.
    expectTooMany(await login('more3@elsewhere.test', WRONG, ATTACKER));
    expect((await login('customer@demo.test', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);
    expect((await login('manager@demo.test', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);
  });

  it("still lets the database's count of the address decide when this process has not seen it", async () => {
    await failFrom(ATTACKER, THROTTLE.addressLimit);
    // As after a restart, or when the failures were made at another instance.
    t.modules.auth.gate.clear();
    expect((await login('customer@demo.test', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);
    expectTooMany(await login('more@elsewhere.test', WRONG, ATTACKER));
    const work = await workDoneBy(() => login('more2@elsewhere.test', WRONG, ATTACKER));
    expect(work).toBe(0);
  });

  it('keeps the per-account limits: a pair over its limit stays locked, even at the address turn', async () => {
    for (let i = 0; i < THROTTLE.pairLimit; i++) {
      t.clock.advance(THROTTLE.accountMaxDelayMs);
      expect((await login('manager2@demo.test', WRONG, ATTACKER)).statusCode).toBe(401);
    }
    await failFrom(ATTACKER, THROTTLE.addressLimit - THROTTLE.pairLimit);
    t.clock.advance(THROTTLE.accountMaxDelayMs);

    const locked = await login('manager2@demo.test', DEMO_PASSWORD, ATTACKER);
    expectTooMany(locked);
    expect(retryAfter(locked) * 1000).toBeGreaterThan(LOGIN_GATE.overLimitIntervalMs);
    // The locked pair did not use up the address's turn.
    expect((await login('customer@demo.test', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);
    // And the account's delay holds for the turn's attempt too.
    t.clock.advance(LOGIN_GATE.overLimitIntervalMs);
    for (let i = 0; i < 3; i++) expect((await login('tech@demo.test', WRONG, OWNER)).statusCode).toBe(401);
    const slowed = await login('tech@demo.test', DEMO_PASSWORD, ATTACKER);
    expectTooMany(slowed);
    expect(slowed.headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await login('tech@demo.test', DEMO_PASSWORD, ATTACKER)).statusCode).toBe(200);
  });
});

describe('login counters', () => {
  it('are deleted by the housekeeping once their window is over, and only those', async () => {
    await login('ghost@demo.test', WRONG, ATTACKER);
    t.clock.advance(THROTTLE.windowMs - 60_000);
    await login('ghost2@demo.test', WRONG, ATTACKER);
    const keys = [loginKeys('ghost@demo.test', ATTACKER), loginKeys('ghost2@demo.test', ATTACKER)];
    t.clock.advance(2 * 60_000);
    await t.modules.auth.service.purgeExpired();

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
