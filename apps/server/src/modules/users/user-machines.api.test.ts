import { Role } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineGroupUsers } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { usersApi } from './users.test-support.ts';

const t = useTestApp();
let api: ReturnType<typeof usersApi>;
beforeAll(async () => {
  api = usersApi(t);
});

const path = (userId: number | string) => `/api/v1/users/${userId}/machines`;
const list = (viewer: string | null, userId: number | string) => api.call(viewer, 'GET', path(userId));
const add = (viewer: string | null, userId: number | string, machine: unknown) =>
  api.call(viewer, 'POST', path(userId), { machine });
const remove = (viewer: string | null, userId: number | string, machine: number | string) =>
  api.call(viewer, 'DELETE', `${path(userId)}/${machine}`);
const idsOf = (response: Awaited<ReturnType<typeof list>>) =>
  response.json<{ id: number }[]>().map((group) => group.id);

describe('/api/v1/users/{id}/machines', () => {
  it('lets an administrator give access, shown as the machine group; giving it again changes nothing', async () => {
    const user = await api.insertUser('a', Role.Technician);
    const group = await api.insertMachineGroup('a', 'Stampante reparto 2');
    const added = await add('admin@demo.test', user.id, group.id);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      id: group.id,
      name: 'Stampante reparto 2',
      location: 'Reparto 2',
      description: 'Fixture',
      machine: group.machineTypeId,
      board: group.boardTypeId,
      business: group.businessId,
      computer: group.computerControllerId,
      firmware: 3.5,
      issues: [],
    });
    const again = await add('admin@demo.test', user.id, group.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(added.json());
    expect(idsOf(await list(user.email, user.id))).toEqual([group.id]);
    expect(idsOf(await list('manager@demo.test', user.id))).toEqual([group.id]);
  });

  it("lets a manager give and remove access to their business's machine groups; removal answers true", async () => {
    const user = await api.insertUser('a', Role.Customer);
    const group = await api.insertMachineGroup('a');
    expect((await add('manager@demo.test', user.id, group.id)).statusCode).toBe(201);
    const removed = await remove('manager@demo.test', user.id, group.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toBe(true);
    expect(idsOf(await list(user.email, user.id))).toEqual([]);
    expect((await remove('manager@demo.test', user.id, group.id)).statusCode).toBe(404);
  });

  it("answers 404 to a manager for another business's machine group or user, as for missing ones", async () => {
    const own = await api.insertUser('a', Role.Customer);
    const foreignGroup = await api.insertMachineGroup('b');
    const foreignUser = await api.insertUser('b', Role.Customer);
    const ownGroup = await api.insertMachineGroup('a');
    const group = await add('manager@demo.test', own.id, foreignGroup.id);
    expect(group.statusCode).toBe(404);
    expect(group.json()).toEqual((await add('manager@demo.test', own.id, 999_999)).json());
    expect((await add('manager@demo.test', foreignUser.id, ownGroup.id)).statusCode).toBe(404);
    expect((await list('manager@demo.test', foreignUser.id)).statusCode).toBe(404);
    await t.database.db
      .insert(machineGroupUsers)
      .values({ userId: foreignUser.id, machineGroupId: foreignGroup.id });
    expect((await remove('manager@demo.test', foreignUser.id, foreignGroup.id)).statusCode).toBe(404);
  });

  it('shows a manager only the machine groups of their business among those a user has', async () => {
    const user = await api.insertUser('a', Role.Technician);
    const ownGroup = await api.insertMachineGroup('a');
    const foreignGroup = await api.insertMachineGroup('b');
    for (const group of [ownGroup, foreignGroup]) {
      expect((await add('admin@demo.test', user.id, group.id)).statusCode).toBe(201);
    }
    expect(idsOf(await list('manager@demo.test', user.id))).toEqual([ownGroup.id]);
    expect(idsOf(await list(user.email, user.id))).toEqual([ownGroup.id, foreignGroup.id]);
    expect(idsOf(await list('admin@demo.test', user.id))).toEqual([ownGroup.id, foreignGroup.id]);
  });

  it('refuses technicians and customers with 403 on themselves and 404 on anyone else', async () => {
    const user = await api.insertUser('a', Role.Technician);
    const group = await api.insertMachineGroup('a');
    expect((await add('admin@demo.test', user.id, group.id)).statusCode).toBe(201);
    const refused = await add(user.email, user.id, group.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await remove(user.email, user.id, group.id)).statusCode).toBe(403);
    expect((await add('customer@demo.test', user.id, group.id)).statusCode).toBe(404);
    expect((await list('customer@demo.test', user.id)).statusCode).toBe(404);
    expect(idsOf(await list(user.email, user.id))).toEqual([group.id]);
  });

  it('answers 400 for a machine of 0 or not a number, and a machine id that is not a positive number', async () => {
    const user = await api.insertUser('a');
    for (const machine of [0, '3', null]) {
      const response = await add('admin@demo.test', user.id, machine);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: { machine: [expect.any(String)] },
      });
    }
    const badId = await remove('admin@demo.test', user.id, 'x');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ message: { machineId: [expect.any(String)] } });
  });

  it('answers 401 without a session', async () => {
    expect((await list(null, 1)).statusCode).toBe(401);
    expect((await add(null, 1, 1)).statusCode).toBe(401);
    expect((await remove(null, 1, 1)).statusCode).toBe(401);
  });
});
