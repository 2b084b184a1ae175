import { Role } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, contacts, machineGroupUsers, sessions } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';
import { usersApi } from './users.test-support.ts';

const t = useTestApp();
let api: ReturnType<typeof usersApi>;
beforeAll(async () => {
  api = usersApi(t);
});

const remove = (viewer: string | null, id: number | string) =>
  api.call(viewer, 'DELETE', `/api/v1/users/${id}`);

describe('DELETE /api/v1/users/{id}', () => {
  it('lets an administrator delete a user with everything that is theirs, sessions included', async () => {
    const { db } = t.database;
    const user = await api.insertUser('b', Role.Customer);
    const token = await t.tokenFor(user.email);
    await db
      .insert(addresses)
      .values({ userId: user.id, name: 'A', country: 'Italia', city: 'Dolo', street: 'Via 1', cap: 30030 });
    await db.insert(contacts).values({ userId: user.id, name: 'C' });
    const group = await api.insertMachineGroup('b');
    await db.insert(machineGroupUsers).values({ userId: user.id, machineGroupId: group.id });

    const response = await remove('admin@demo.test', user.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await remove('admin@demo.test', user.id)).statusCode).toBe(404);
    for (const table of [addresses, contacts, machineGroupUsers, sessions]) {
      expect(await db.$count(table, eq(table.userId, user.id))).toBe(0);
    }
    const after = await t.app.inject({ url: `/api/v1/users/${user.id}`, headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('lets a manager delete technicians and customers of their own business', async () => {
    for (const role of [Role.Technician, Role.Customer]) {
      const user = await api.insertUser('a', role);
      expect((await remove('manager@demo.test', user.id)).statusCode).toBe(204);
    }
  });

  it('refuses a manager a manager of their business with 403', async () => {
    const colleague = await api.insertUser('a', Role.Manager);
    const response = await remove('manager@demo.test', colleague.id);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a customer or technician with 403 on themselves and 404 on anyone else', async () => {
    const user = await api.insertUser('a', Role.Technician);
    expect((await remove(user.email, user.id)).statusCode).toBe(403);
    expect((await remove(user.email, await t.idOf('customer@demo.test'))).statusCode).toBe(404);
  });

  it('refuses to delete oneself with 409 and a clear message', async () => {
    const response = await remove('admin@demo.test', await t.idOf('admin@demo.test'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'You cannot delete your own account',
    });
  });

  it("answers 404 to a manager for another business's user, exactly as for a missing one", async () => {
    const user = await api.insertUser('b', Role.Customer);
    const other = await remove('manager@demo.test', user.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await remove('manager@demo.test', 999_999)).json());
  });

  it('answers 400 for an id that is not a positive number and 401 without a session', async () => {
    const bad = await remove('admin@demo.test', 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: { id: [expect.any(String)] } });
    expect((await remove(null, 1)).statusCode).toBe(401);
  });
});
