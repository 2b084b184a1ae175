import { Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { businesses, sessions, users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer, TEST_JWT_SECRET } from '../../test/test-app.ts';

const t = useTestApp();

/** GET of the user's own record: the cheapest authenticated call. */
async function me(email: string, token: string) {
  return t.app.inject({ url: `/api/v1/users/${await t.idOf(email)}`, headers: bearer(token) });
}

const setUser = (email: string, values: Partial<typeof users.$inferInsert>) =>
  t.database.db.update(users).set(values).where(eq(users.email, email));

describe('logout', () => {
  it('ends the session at once: its token is refused afterwards', async () => {
    const token = await t.tokenFor('customer@demo.test');
    const other = await t.tokenFor('customer@demo.test');
    const logout = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const after = await me('customer@demo.test', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_ENDED' });
    // Only that session: the same user's other session goes on.
    expect((await me('customer@demo.test', other)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('renewing a session with the password', () => {
  it('ends the session it replaces', async () => {
    const old = await t.tokenFor('tech@demo.test');
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'tech@demo.test', password: DEMO_PASSWORD },
      headers: bearer(old),
    });
    expect(renewed.statusCode).toBe(200);
    expect((await me('tech@demo.test', old)).statusCode).toBe(401);
    expect((await me('tech@demo.test', renewed.json().access_token)).statusCode).toBe(200);
  });

  it("never ends another user's session", async () => {
    const someoneElse = await t.tokenFor('manager@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { email: 'tech@demo.test', password: DEMO_PASSWORD },
      headers: bearer(someoneElse),
    });
    expect(response.statusCode).toBe(200);
    expect((await me('manager@demo.test', someoneElse)).statusCode).toBe(200);
  });
});

describe('a session ends when its user changes', () => {
  it('on a new password', async () => {
    const token = await t.tokenFor('customer2@demo.test');
    t.clock.advance(1000);
    await setUser('customer2@demo.test', { lastPasswordChange: t.clock.now() });
    expect((await me('customer2@demo.test', token)).json()).toMatchObject({ code: 'SESSION_ENDED' });
    expect((await me('customer2@demo.test', await t.tokenFor('customer2@demo.test'))).statusCode).toBe(200);
  });

  it('on a new role', async () => {
    const token = await t.tokenFor('manager2@demo.test');
    await setUser('manager2@demo.test', { role: Role.Technician });
    const response = await me('manager2@demo.test', token);
    await setUser('manager2@demo.test', { role: Role.Manager });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SESSION_ENDED');
    // Restoring the role does not bring the old session back to life.
    expect((await me('manager2@demo.test', token)).statusCode).toBe(401);
  });

  it('on being disabled: refused with the reason, and not revived by enabling the account again', async () => {
    const token = await t.tokenFor('tech@demo.test');
    await setUser('tech@demo.test', { enabled: false });
    const refused = await me('tech@demo.test', token);
    await setUser('tech@demo.test', { enabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED', message: 'This account is disabled' });
    expect((await me('tech@demo.test', token)).json()).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('on being deleted', async () => {
    const [business] = await t.database.db.select().from(businesses).limit(1);
    const [user] = await t.database.db
      .insert(users)
      .values({
        email: 'leaving@demo.test',
        name: 'Lea',
        role: Role.Customer,
        businessId: business?.id ?? 0,
        passwordHash: 'x',
      })
      .returning();
    const token = await t.tokenFor('leaving@demo.test');
    await t.database.db.delete(users).where(eq(users.id, user?.id ?? 0));
    const response = await t.app.inject({ url: `/api/v1/users/${user?.id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SESSION_ENDED');
  });
});

describe('session tokens', () => {
  it('name their server-side session', async () => {
    const claims = decodeJwt(await t.tokenFor('customer@demo.test'));
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(claims.sid)));
    expect(row?.userId).toBe(await t.idOf('customer@demo.test'));
  });

  it('are refused when issued in the future, even with a valid signature and session', async () => {
    const claims = decodeJwt(await t.tokenFor('customer@demo.test'));
    const iat = Math.floor(t.clock.now().getTime() / 1000) + 3600;
    const future = await new SignJWT({ ...claims, iat, exp: iat + 3600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await me('customer@demo.test', future);
    expect(response.statusCode).toBe(401);
    // The same claims issued now are accepted: only the iat differs.
    const now = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await me('customer@demo.test', now)).statusCode).toBe(200);
  });
});

describe('housekeeping', () => {
  it('forgets expired sessions only', async () => {
    const live = await t.tokenFor('admin@demo.test');
    t.clock.advance(2 * 3600 * 1000);
    const fresh = await t.tokenFor('admin@demo.test');
    await t.modules.auth.service.purgeExpired();
    const ids = (await t.database.db.select({ id: sessions.id }).from(sessions)).map((row) => row.id);
    expect(ids).not.toContain(decodeJwt(live).sid);
    expect(ids).toContain(decodeJwt(fresh).sid);
  });
});
