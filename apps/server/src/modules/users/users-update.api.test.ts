import { Role } from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';
import { FIXTURE_PASSWORD, usersApi } from './users.test-support.ts';

const t = useTestApp();
let api: ReturnType<typeof usersApi>;
beforeAll(async () => {
  api = usersApi(t);
});

const NEW_PASSWORD = 'Cambiata-123';

const update = (viewer: string | null, id: number | string, body: unknown) =>
  api.call(viewer, 'PUT', `/api/v1/users/${id}`, body);
/** Sessions of the user still open in the database: ended by the update itself, before any later call. */
const openSessions = (userId: number) =>
  t.database.db.$count(sessions, and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
/** The user's own record with a given token: the cheapest call that shows whether a session lives. */
const me = (id: number, token: string) =>
  t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(token) });

describe('PUT /api/v1/users/{id} by the user themselves', () => {
  it('changes their own email, name and surname', async () => {
    const user = await api.insertUser('a', Role.Customer);
    const response = await update(user.email, user.id, {
      email: `Renamed-${user.id}@Users.Test`,
      name: 'Rita',
      surname: 'Rinominata',
      currentPassword: FIXTURE_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email: `renamed-${user.id}@users.test`,
      name: 'Rita',
      surname: 'Rinominata',
    });
  });

  it('changes their own password: it is recorded, works at login and ends their other sessions', async () => {
    const user = await api.insertUser('b', Role.Technician);
    const other = await t.tokenFor(user.email);
    t.clock.advance(1000);
    const response = await update(user.email, user.id, {
      password: NEW_PASSWORD,
      currentPassword: FIXTURE_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().lastPasswordChange).toBe(t.clock.now().toISOString());
    const ended = await me(user.id, other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'SESSION_ENDED' });
    const login = await api.call(null, 'POST', '/api/v1/auth', { email: user.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await me(user.id, login.json().access_token)).statusCode).toBe(200);
  });

  it('asks for the current password to change their own password or email, and ends other sessions', async () => {
    const user = await api.insertUser('a', Role.Customer);
    const other = await t.tokenFor(user.email);
    const email = `moved-${user.id}@users.test`;
    for (const body of [{ password: NEW_PASSWORD }, { email }]) {
      const missing = await update(user.email, user.id, body);
      expect([missing.statusCode, missing.json().fields]).toEqual([400, { currentPassword: ['required'] }]);
      const wrong = await update(user.email, user.id, { ...body, currentPassword: 'Not-the-1!' });
      expect([wrong.statusCode, wrong.json().fields]).toEqual([400, { currentPassword: ['wrongPassword'] }]);
    }
    // Names change without it; nothing above changed anything.
    expect((await update(user.email, user.id, { name: 'Nina' })).statusCode).toBe(200);
    expect((await me(user.id, other)).json()).toMatchObject({ email: user.email, name: 'Nina' });
    const moved = await update(user.email, user.id, { email, currentPassword: FIXTURE_PASSWORD });
    expect(moved.statusCode).toBe(200);
    expect((await me(user.id, other)).json()).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('ends the sessions of a user who gives a wrong current password five times in a row', async () => {
    const user = await api.insertUser('a', Role.Customer);
    const session = await t.tokenFor(user.email);
    const attempt = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${user.id}`,
        headers: bearer(session),
        payload: { password: NEW_PASSWORD, currentPassword: 'Guess-123!' },
      });
    for (let guess = 1; guess < 5; guess++) expect((await attempt()).statusCode).toBe(400);
    const fifth = await attempt();
    expect([fifth.statusCode, fifth.json().code]).toEqual([401, 'SESSION_ENDED']);
    expect(await openSessions(user.id)).toBe(0);
  });

  it('lets a manager change the email and password of a user they manage without that user’s password', async () => {
    const user = await api.insertUser('a', Role.Customer);
    const response = await update('manager@demo.test', user.id, {
      email: `managed-${user.id}@users.test`,
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts their own role and enabled state sent unchanged, as a whole form sends them', async () => {
    const user = await api.insertUser('a', Role.Technician);
    const response = await update(user.email, user.id, {
      name: 'Tina',
      role: Role.Technician,
      enabled: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Tina', role: Role.Technician, enabled: true });
  });

  it('refuses to change their own role or to disable themselves, administrators included', async () => {
    const admin = await t.idOf('admin@demo.test');
    const role = await update('admin@demo.test', admin, { role: Role.Manager });
    expect(role.statusCode).toBe(403);
    expect(role.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own role' });
    const disable = await update('admin@demo.test', admin, { enabled: false });
    expect(disable.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot disable your own account',
    });
    const customer = await api.insertUser('a', Role.Customer);
    expect((await update(customer.email, customer.id, { role: Role.Technician })).statusCode).toBe(403);
  });

  it('answers 400 for an invalid email or a password that breaks the rule', async () => {
    const user = await api.insertUser('a');
    const response = await update(user.email, user.id, { email: 'not-an-email', password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: ['email'], password: expect.arrayContaining(['passwordRule']) },
    });
  });

  it('answers 409 for an email another user has', async () => {
    const user = await api.insertUser('a');
    const response = await update(user.email, user.id, {
      email: 'TECH@demo.test',
      currentPassword: FIXTURE_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'A user with this email already exists',
    });
  });
});

describe('PUT /api/v1/users/{id} by administrators and managers', () => {
  it("lets a manager change a technician's role to customer, which ends the technician's sessions", async () => {
    const user = await api.insertUser('a', Role.Technician);
    const token = await t.tokenFor(user.email);
    const response = await update('manager@demo.test', user.id, { role: Role.Customer });
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe(Role.Customer);
    expect(await openSessions(user.id)).toBe(0);
    expect((await me(user.id, token)).json()).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('lets an administrator disable a user, whose token is refused on the next call', async () => {
    const user = await api.insertUser('b', Role.Customer);
    const token = await t.tokenFor(user.email);
    const response = await update('admin@demo.test', user.id, { enabled: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().enabled).toBe(false);
    expect(await openSessions(user.id)).toBe(0);
    expect([401, 403]).toContain((await me(user.id, token)).statusCode);
    expect((await update('admin@demo.test', user.id, { enabled: true })).json().enabled).toBe(true);
    // Enabling again does not bring the ended session back.
    expect((await me(user.id, token)).statusCode).toBe(401);
  });

  it("lets a manager change a password of their business's customer, ending the customer's sessions", async () => {
    const user = await api.insertUser('a', Role.Customer);
    const token = await t.tokenFor(user.email);
    const response = await update('manager@demo.test', user.id, { password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().lastPasswordChange).not.toBeNull();
    expect(await openSessions(user.id)).toBe(0);
    expect((await me(user.id, token)).statusCode).toBe(401);
  });

  it("keeps a user's sessions when only their name changes", async () => {
    const user = await api.insertUser('a', Role.Customer);
    const token = await t.tokenFor(user.email);
    expect((await update('manager@demo.test', user.id, { name: 'Nome' })).statusCode).toBe(200);
    expect(await openSessions(user.id)).toBe(1);
    expect((await me(user.id, token)).statusCode).toBe(200);
  });

  it("refuses a manager a role of their rank or higher: 'Please select a valid role'", async () => {
    const user = await api.insertUser('a', Role.Customer);
    for (const role of [Role.Manager, Role.Administrator]) {
      const response = await update('manager@demo.test', user.id, { role });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: { role: ['Please select a valid role'] },
        fields: { role: ['invalidRole'] },
      });
    }
  });

  it('refuses a manager any change to a manager of their business with 403', async () => {
    const colleague = await api.insertUser('a', Role.Manager);
    for (const body of [{ enabled: false }, { role: Role.Customer }, { name: 'Altro' }]) {
      const response = await update('manager@demo.test', colleague.id, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('refuses technicians and customers any change to a colleague: they cannot see them (404)', async () => {
    const user = await api.insertUser('a', Role.Customer);
    expect((await update('tech@demo.test', user.id, { enabled: false })).statusCode).toBe(404);
    expect((await update('customer@demo.test', user.id, { name: 'X' })).statusCode).toBe(404);
  });

  it("answers 404 to a manager for another business's user, exactly as for a missing one", async () => {
    const user = await api.insertUser('b', Role.Customer);
    const other = await update('manager@demo.test', user.id, { enabled: false });
    const missing = await update('manager@demo.test', 999_999, { enabled: false });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('answers 400 for an id that is not a positive number and 401 without a session', async () => {
    expect((await update('admin@demo.test', '0', { name: 'X' })).statusCode).toBe(400);
    expect((await update(null, 1, { name: 'X' })).statusCode).toBe(401);
  });
});
