import { Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';

const t = useTestApp({ sessionCacheMs: 10 * 60 * 1000 });

beforeAll(async () => {
  // A cache longer than any test: only what the portal itself changes may end a cached session.
});

async function me(email: string, token: string) {
  return t.app.inject({ url: `/api/v1/users/${await t.idOf(email)}`, headers: bearer(token) });
}

const adminCall = async (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(await t.tokenFor('admin@demo.test')) });

describe('the session cache', () => {
  it('answers a checked session without the database for a moment', async () => {
    const token = await t.tokenFor('customer@demo.test');
    expect((await me('customer@demo.test', token)).statusCode).toBe(200);
    // A change made behind the portal's back is not seen while the entry is fresh…
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.email, 'customer@demo.test'));
    expect((await me('customer@demo.test', token)).statusCode).toBe(200);
    // …and is once the entry is old.
    t.clock.advance(11 * 60 * 1000);
    const later = await me('customer@demo.test', token);
    await t.database.db.update(users).set({ enabled: true }).where(eq(users.email, 'customer@demo.test'));
    expect(later.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('forgets a session at once on logout', async () => {
    const token = await t.tokenFor('tech@demo.test');
    expect((await me('tech@demo.test', token)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: '/api/v1/auth', headers: bearer(token) });
    expect((await me('tech@demo.test', token)).json().code).toBe('SESSION_ENDED');
  });

  it("forgets a user's sessions at once when the portal changes their role or disables them", async () => {
    const id = await t.idOf('customer2@demo.test');
    const token = await t.tokenFor('customer2@demo.test');
    expect((await me('customer2@demo.test', token)).statusCode).toBe(200);
    expect((await adminCall('PUT', `/api/v1/users/${id}`, { role: Role.Technician })).statusCode).toBe(200);
    expect((await me('customer2@demo.test', token)).statusCode).toBe(401);
  });

  it("refuses a suspended business's users at once, and lets them back at once", async () => {
    const token = await t.tokenFor('manager2@demo.test');
    const user = await t.modules.users.repository.findById(await t.idOf('manager2@demo.test'));
    expect((await me('manager2@demo.test', token)).statusCode).toBe(200);
    await adminCall('PUT', `/api/v1/business/${user?.businessId}`, { active: false });
    const suspended = await me('manager2@demo.test', token);
    await adminCall('PUT', `/api/v1/business/${user?.businessId}`, { active: true });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().code).toBe('BUSINESS_SUSPENDED');
  });

  it('never answers for a session past its end, however fresh the entry (machine cookies, webcam streams)', async () => {
    const { id, sid } = decodeJwt(await t.tokenFor('tech@demo.test')) as { id: number; sid: string };
    t.clock.advance(55 * 60 * 1000);
    await t.modules.auth.service.checkSession({ id, sid }); // cached for ten minutes from now…
    t.clock.advance(5 * 60 * 1000); // …but the session's hour is up
    await expect(t.modules.auth.service.checkSession({ id, sid })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });
});
