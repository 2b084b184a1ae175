import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Role } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pushSubscriptions, users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { buildMachineOrigin } from '../../machine-origin.ts';
import { useTestApp } from '../../test/api-test.ts';
import { connectFakeGateway, type FakeGateway, type StreamHandler } from '../../test/fake-gateway.ts';
import { readOutbox } from '../../test/outbox.ts';

/**
 * Consent belongs to the business (docs/design.md §11): an account the operator's staff created or changed
 * cannot change it, every change is mailed to the business's managers, and turning it on closes outside staff's
 * open board sockets and panels at once.
 */
const t = useTestApp();
let origin: FastifyInstance;
let gateway: FakeGateway;
let business = 0;
let controller = 0;
let admin = '';
let serial = 0;

const NEW_PASSWORD = 'Consent-Owner-42';

/** A board that answers JSON, and keeps a board WebSocket's CONNECT stream open as DSF does. */
const board: StreamHandler = (stream, headers) => {
  if (headers[':method'] === 'CONNECT') {
    stream.respond({ ':status': 200 });
    stream.resume();
    return;
  }
  stream.resume();
  stream.respond({ ':status': 200, 'content-type': 'application/json' });
  stream.end('{"err":0}');
};

const call = t.callWith;
const consentUrl = () => `/api/v1/business/${business}/service-consent`;
const setConsent = (token: string, required: boolean) => call(token, 'PUT', consentUrl(), { required });
const signIn = t.signIn;

/** A manager of business A written straight into the database: the business's own, nobody's doing. */
async function ownManager(): Promise<{ id: number; email: string }> {
  serial += 1;
  const email = `own-manager-${serial}@demo.test`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      name: 'Olga',
      surname: 'Own',
      role: Role.Manager,
      businessId: business,
      passwordHash: await t.modules.auth.hasher.hash(DEMO_PASSWORD),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('not created');
  return { id: row.id, email };
}

/** Refused with the error that says why, and the read of the setting says it too. */
async function expectRefused(token: string): Promise<void> {
  const refused = await setConsent(token, false);
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ code: 'CONSENT_OWNER_UNCONFIRMED' });
  expect((await call(token, 'GET', consentUrl())).json()).toMatchObject({ ownerUnconfirmed: true });
}

beforeAll(async () => {
  origin = await buildMachineOrigin(t.modules);
  await origin.listen({ host: '127.0.0.1', port: 0 });
  const group = await t.demoGroup('Prusa linea 1');
  business = group.businessId;
  controller = group.computerControllerId;
  admin = await t.tokenFor('admin@demo.test');
  gateway = await connectFakeGateway(t.modules.gateway.registry, controller, board);
});

afterAll(async () => {
  await gateway.disconnect();
  await origin.close();
});

describe("an account the operator's staff had a hand in", () => {
  it('may not change consent: an administrator creating a manager with a password and signing in as them', async () => {
    const email = 'made-by-staff@demo.test';
    const created = await call(admin, 'POST', '/api/v1/users', {
      business,
      email,
      name: 'Mallory',
      surname: 'Made',
      password: DEMO_PASSWORD,
      role: Role.Manager,
    });
    expect(created.statusCode).toBe(201);
    const token = await signIn(email);
    await expectRefused(token);
    expect((await setConsent(token, true)).statusCode).toBe(403);
    // The business's own manager still decides.
    const own = await signIn((await ownManager()).email);
    expect((await call(own, 'GET', consentUrl())).json()).toMatchObject({ ownerUnconfirmed: false });
    expect((await setConsent(own, false)).statusCode).toBe(200);
  });

  it('may not change it once staff promoted it to manager, or set its email or its password', async () => {
    const promoted = await ownManager();
    await t.database.db.update(users).set({ role: Role.Customer }).where(eq(users.id, promoted.id));
    expect(
      (await call(admin, 'PUT', `/api/v1/users/${promoted.id}`, { role: Role.Manager })).statusCode,
    ).toBe(200);
    await expectRefused(await signIn(promoted.email));

    const readdressed = await ownManager();
    const email = `readdressed-${serial}@demo.test`;
    expect((await call(admin, 'PUT', `/api/v1/users/${readdressed.id}`, { email })).statusCode).toBe(200);
    await expectRefused(await signIn(email));

    const repassworded = await ownManager();
    expect(
      (await call(admin, 'PUT', `/api/v1/users/${repassworded.id}`, { password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    await expectRefused(await signIn(repassworded.email, NEW_PASSWORD));

    // Changing only a name is no hand in the credentials or the role.
    const renamed = await ownManager();
    expect((await call(admin, 'PUT', `/api/v1/users/${renamed.id}`, { name: 'Renata' })).statusCode).toBe(
      200,
    );
    expect((await setConsent(await signIn(renamed.email), false)).statusCode).toBe(200);
  });

  it('regains the right through password recovery, not by changing the password staff gave it', async () => {
    const email = 'recovered-by-owner@demo.test';
    const created = await call(admin, 'POST', '/api/v1/users', {
      business,
      email,
      name: 'Rosa',
      surname: 'Owner',
      password: DEMO_PASSWORD,
      role: Role.Manager,
    });
    const id: number = created.json().id;
    // Whoever staff gave the password to knows the current one: a change with it proves nothing.
    const changed = await call(await signIn(email), 'PUT', `/api/v1/users/${id}`, {
      password: NEW_PASSWORD,
      currentPassword: DEMO_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    await expectRefused(await signIn(email, NEW_PASSWORD));
    expect((await call(undefined, 'POST', '/api/v1/password/recover', { email })).statusCode).toBe(204);
    await t.modules.passwordRecovery.service.settled();
    const mail = (await readOutbox(t.outbox)).filter((item) => item.to.includes(email)).at(-1);
    if (!mail) throw new Error('no recovery mail');
    const recovered = await call(undefined, 'PUT', '/api/v1/password/recover', {
      email,
      token: mail.token,
      password: 'Set-By-Owner-7',
    });
    expect(recovered.statusCode).toBe(204);
    const token = await signIn(email, 'Set-By-Owner-7');
    expect((await call(token, 'GET', consentUrl())).json()).toMatchObject({ ownerUnconfirmed: false });
    expect((await setConsent(token, false)).statusCode).toBe(200);
    // Staff setting its password again takes the right away again.
    expect((await call(admin, 'PUT', `/api/v1/users/${id}`, { password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    await expectRefused(await signIn(email, NEW_PASSWORD));
  });
});

describe('a consent change', () => {
  it("is mailed to every manager of the business, in each one's language", async () => {
    const english = await ownManager();
    await t.database.db.insert(pushSubscriptions).values({
      userId: english.id,
      endpoint: 'https://push.example.test/consent-english',
      p256dh: 'key',
      auth: 'auth',
      language: 'en',
      createdAt: t.clock.now(),
    });
    const before = (await readOutbox(t.outbox)).length;
    const manager = await t.tokenFor('manager@demo.test');
    expect((await setConsent(manager, true)).statusCode).toBe(200);
    await t.modules.notifications.notifier.idle();
    const mails = (await readOutbox(t.outbox)).slice(before);
    const managers = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.businessId, business), eq(users.role, Role.Manager)));
    expect(managers.length).toBeGreaterThan(3);
    for (const { email } of managers) {
      expect(
        mails.filter((mail) => mail.to.includes(email)),
        email,
      ).toHaveLength(1);
    }
    expect(mails).toHaveLength(managers.length);
    const italian = mails.find((mail) => mail.to.includes('manager@demo.test'));
    expect(italian?.subject).toBe('Consenso per l’assistenza remota attivato');
    expect(italian?.text).toContain('Marco Manager');
    const inEnglish = mails.find((mail) => mail.to.includes(english.email));
    expect(inEnglish?.subject).toBe('Consent for remote service turned on');
    expect(inEnglish?.text).toContain(`/en/business/${business}`);

    const before2 = (await readOutbox(t.outbox)).length;
    expect((await setConsent(manager, false)).statusCode).toBe(200);
    await t.modules.notifications.notifier.idle();
    const off = (await readOutbox(t.outbox)).slice(before2);
    expect(off).toHaveLength(managers.length);
    expect(off.find((mail) => mail.to.includes(english.email))?.subject).toBe(
      'Consent for remote service turned off',
    );
  });

  it("turned on, closes an outside administrator's open board socket and refuses their panel at once", async () => {
    const manager = await t.tokenFor('manager@demo.test');
    expect((await setConsent(manager, false)).statusCode).toBe(200);
    const ticket = await call(admin, 'POST', `/api/v1/machines/${controller}/panel`, {
      path: 'admin',
      firmware: '3.6',
    });
    expect(ticket.statusCode).toBe(200);
    const entryUrl = new URL(ticket.json().url);
    const host = entryUrl.host;
    const entry = await origin.inject({ url: `${entryUrl.pathname}${entryUrl.search}`, headers: { host } });
    expect(entry.statusCode).toBe(303);
    const cookie = String(entry.headers['set-cookie']).split(';')[0] ?? '';
    const boardPath = `/proxy/duet/3.6/admin/${controller}`;
    const model = () => origin.inject({ url: `${boardPath}/machine/status`, headers: { host, cookie } });
    expect((await model()).statusCode).toBe(200);

    const { port } = origin.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${boardPath}/machine`, { headers: { host, cookie } });
    await once(socket, 'open');
    const closed = once(socket, 'close');
    expect((await setConsent(manager, true)).statusCode).toBe(200);
    await closed;
    const refused = await model();
    expect(refused.statusCode).toBe(403);
  });
});
