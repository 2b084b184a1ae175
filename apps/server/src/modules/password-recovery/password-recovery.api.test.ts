import { rm } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { businesses, passwordRecovery, passwordRecoveryLimits, users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';
import { readOutbox } from './password-recovery.test-support.ts';
import { RECOVERY_LIMITS } from './recovery-rules.ts';
import { hashRecoveryToken } from './recovery-token.ts';

const t = useTestApp();
const NEW_PASSWORD = 'Nuova-Password1';

beforeEach(async () => {
  // Mails the previous test asked for are written before its outbox goes.
  await t.modules.passwordRecovery.service.settled();
  await t.database.db.delete(passwordRecoveryLimits);
  t.modules.passwordRecovery.refusals.clear();
  await rm(t.outbox, { recursive: true, force: true });
});

const ask = (payload: unknown, options: Partial<InjectOptions> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/password/recover', payload: payload as never, ...options });
const change = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/password/recover', payload: payload as never });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password } });

/** Asks for a link as a person would, and reads it from the mail once sent. */
async function mailedLink(email: string, language?: 'it' | 'en') {
  const response = await ask({ email, ...(language && { language }) });
  expect(response.statusCode).toBe(204);
  await t.modules.passwordRecovery.service.settled();
  const mails = await readOutbox(t.outbox);
  const mail = mails.at(-1);
  if (!mail) throw new Error('no mail in the outbox');
  return mail;
}

/** A fresh customer of business A with the demo password, so tests never share an account. */
let serial = 0;
async function newCustomer(changes: Partial<typeof users.$inferInsert> = {}) {
  serial += 1;
  const [template] = await t.database.db.select().from(users).where(eq(users.email, 'customer@demo.test'));
  if (!template) throw new Error('no demo customer');
  const email = `recovery-${serial}@demo.test`;
  await t.database.db.insert(users).values({
    email,
    name: 'Rita',
    surname: 'Recupero',
    role: template.role,
    businessId: template.businessId,
    passwordHash: template.passwordHash,
    ...changes,
  });
  return email;
}

describe('POST /api/v1/password/recover', () => {
  it('mails an Italian link to the change page, valid for an hour, storing only the hash of its token', async () => {
    const email = await newCustomer();
    const mail = await mailedLink(email.toUpperCase());
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe('Recupero della password');
    expect(mail.text).toContain('Ciao Rita,');
    expect(mail.link.origin + mail.link.pathname).toBe(
      'https://portal.example.test/it/password/recover/change',
    );
    expect(mail.email).toBe(email);
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await t.database.db
      .select()
      .from(passwordRecovery)
      .where(eq(passwordRecovery.userId, await t.idOf(email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashRecoveryToken(mail.token));
    expect(JSON.stringify(rows)).not.toContain(mail.token);
    expect(rows[0]?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 60 * 60 * 1000);
    expect(rows[0]?.usedAt).toBeNull();
  });

  it("writes in the page's language, else the browser's", async () => {
    const email = await newCustomer();
    expect((await mailedLink(email, 'en')).subject).toBe('Password recovery');
    expect((await mailedLink(email, 'en')).link.pathname).toBe('/en/password/recover/change');
    await ask({ email }, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    await t.modules.passwordRecovery.service.settled();
    expect((await readOutbox(t.outbox)).at(-1)?.subject).toBe('Password recovery');
    expect((await mailedLink(email, 'it')).subject).toBe('Recupero della password');
  });

  it('gives an unknown address the very same answer, and sends nothing', async () => {
    const known = await ask({ email: await newCustomer() });
    const unknown = await ask({ email: 'nobody-here@demo.test' });
    await t.modules.passwordRecovery.service.settled();
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect((await readOutbox(t.outbox)).map((mail) => mail.email)).not.toContain('nobody-here@demo.test');
    expect(await readOutbox(t.outbox)).toHaveLength(1);
  });

  it('answers the same to a disabled user or one of a suspended business, but sends them nothing', async () => {
    const disabled = await newCustomer({ enabled: false });
    const [suspended] = await t.database.db
      .insert(businesses)
      .values({ name: 'Sospesa', active: false })
      .returning({ id: businesses.id });
    if (!suspended) throw new Error('business not created');
    const barred = await newCustomer({ businessId: suspended.id });
    for (const email of [disabled, barred]) expect((await ask({ email })).statusCode).toBe(204);
    await t.modules.passwordRecovery.service.settled();
    expect(await readOutbox(t.outbox)).toEqual([]);
  });

  it('replaces the earlier link of the same user', async () => {
    const email = await newCustomer();
    const first = await mailedLink(email);
    const second = await mailedLink(email);
    expect(second.token).not.toBe(first.token);
    const stale = await change({ email, token: first.token, password: NEW_PASSWORD });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('INVALID_RECOVERY_TOKEN');
    expect((await change({ email, token: second.token, password: NEW_PASSWORD })).statusCode).toBe(204);
  });

  it('answers 400 in the error format for a missing or malformed address', async () => {
    for (const payload of [{}, { email: 'not-an-email' }, { email: 'a@b.it', language: 'de' }]) {
      const response = await ask(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it(`limits each address to ${RECOVERY_LIMITS.perEmail} requests an hour, known or not, with a 429`, async () => {
    const known = await newCustomer();
    for (const email of [known, 'unknown-limited@demo.test']) {
      for (let i = 0; i < RECOVERY_LIMITS.perEmail; i += 1)
        expect((await ask({ email })).statusCode).toBe(204);
      const refused = await ask({ email: email.toUpperCase() });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        statusCode: 429,
        error: 'Too Many Requests',
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many password recovery requests. Try again in 3600 seconds.',
      });
      expect(refused.headers['retry-after']).toBe('3600');
    }
    await t.modules.passwordRecovery.service.settled();
    expect(await readOutbox(t.outbox)).toHaveLength(RECOVERY_LIMITS.perEmail);
    // Another address from the same client still gets through; the limited one again after the hour.
    expect((await ask({ email: await newCustomer() })).statusCode).toBe(204);
    t.clock.advance(RECOVERY_LIMITS.windowMs);
    expect((await ask({ email: known })).statusCode).toBe(204);
  });

  it(`limits each client to ${RECOVERY_LIMITS.perClient} requests an hour over all addresses`, async () => {
    const from = (remoteAddress: string, email: string) => ask({ email }, { remoteAddress });
    for (let i = 0; i < RECOVERY_LIMITS.perClient; i += 1) {
      expect((await from('10.9.8.7', `many-${i}@demo.test`)).statusCode).toBe(204);
    }
    expect((await from('10.9.8.7', 'one-more@demo.test')).statusCode).toBe(429);
    expect((await from('10.9.8.6', 'one-more@demo.test')).statusCode).toBe(204);
  });

  it('refuses a client or an address over its limit without asking the database again', async () => {
    const from = (remoteAddress: string, email: string) => ask({ email }, { remoteAddress });
    for (let i = 0; i <= RECOVERY_LIMITS.perClient; i += 1) await from('10.9.8.5', `flood-${i}@demo.test`);
    for (let i = 0; i <= RECOVERY_LIMITS.perEmail; i += 1) await from(`10.9.7.${i}`, 'flooded@demo.test');
    // The links of the requests let through are looked up and stored first.
    await t.modules.passwordRecovery.service.settled();
    const { db } = t.database;
    const spies = (['select', 'insert', 'update', 'delete', 'execute', 'transaction'] as const).map(
      (method) => vi.spyOn(db, method),
    );
    try {
      const refused = [];
      for (let i = 0; i < 20; i += 1) {
        refused.push(await from('10.9.8.5', `flood-more-${i}@demo.test`));
        refused.push(await from(`10.9.6.${i}`, 'flooded@demo.test'));
      }
      for (const response of refused) {
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBe(3600);
      }
      expect(spies.map((spy) => spy.mock.calls.length)).toEqual(spies.map(() => 0));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    t.clock.advance(RECOVERY_LIMITS.windowMs);
    expect((await from('10.9.8.5', 'flooded@demo.test')).statusCode).toBe(204);
  });
});

describe('PUT /api/v1/password/recover', () => {
  it('sets the new password, uses the link up and ends every earlier session of the user', async () => {
    const email = await newCustomer();
    const earlier = await t.tokenFor(email);
    expect((await t.app.inject({ url: '/api/v1/tickets', headers: bearer(earlier) })).statusCode).toBe(200);
    const mail = await mailedLink(email);
    t.clock.advance(59 * 60 * 1000);

    const response = await change({ email: mail.email, token: mail.token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const ended = await t.app.inject({ url: '/api/v1/tickets', headers: bearer(earlier) });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('SESSION_ENDED');
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.lastPasswordChange).toEqual(t.clock.now());
    const [row] = await t.database.db
      .select()
      .from(passwordRecovery)
      .where(eq(passwordRecovery.userId, user?.id ?? 0));
    expect(row?.usedAt).toEqual(t.clock.now());

    const again = await change({ email: mail.email, token: mail.token, password: 'Another-Password2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_RECOVERY_TOKEN',
      message: 'This password recovery link has already been used',
    });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const email = await newCustomer();
    const mail = await mailedLink(email);
    t.clock.advance(60 * 60 * 1000);
    const response = await change({ email, token: mail.token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INVALID_RECOVERY_TOKEN',
      message: 'This password recovery link has expired',
    });
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a token it never sent, or one sent for another address', async () => {
    const email = await newCustomer();
    const other = await newCustomer();
    const mail = await mailedLink(email);
    const unknownToken = mail.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (const payload of [
      { email, token: unknownToken, password: NEW_PASSWORD },
      { email: other, token: mail.token, password: NEW_PASSWORD },
    ]) {
      const response = await change(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_RECOVERY_TOKEN',
        message: 'This password recovery link is not valid',
      });
    }
    // The link itself still works for its own address.
    expect(
      (await change({ email: email.toUpperCase(), token: mail.token, password: NEW_PASSWORD })).statusCode,
    ).toBe(204);
  });

  it('refuses a link of an account disabled since it was sent', async () => {
    const email = await newCustomer();
    const mail = await mailedLink(email);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.email, email));
    const response = await change({ email, token: mail.token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_RECOVERY_TOKEN');
  });

  it('holds the new password to the password rule, and wants every field', async () => {
    const email = await newCustomer();
    const mail = await mailedLink(email);
    const weak = await change({ email, token: mail.token, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(new Set(weak.json().fields.password)).toEqual(new Set(['passwordRule']));
    for (const payload of [
      { email, token: mail.token },
      { email, password: NEW_PASSWORD },
      { token: mail.token, password: NEW_PASSWORD },
      { email, token: 'short', password: NEW_PASSWORD },
    ]) {
      const response = await change(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    // None of these used the link up.
    expect((await change({ email, token: mail.token, password: NEW_PASSWORD })).statusCode).toBe(204);
  });
});
