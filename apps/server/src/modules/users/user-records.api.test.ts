import { Role } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { usersApi } from './users.test-support.ts';

const t = useTestApp();
let api: ReturnType<typeof usersApi>;
beforeAll(async () => {
  api = usersApi(t);
});

const ADDRESS = {
  name: 'Carlo',
  surname: 'Cliente',
  country: 'Italia',
  province: 'PD',
  city: 'Padova',
  street: 'Via Roma 1',
  cap: 501,
};
const CONTACT = { name: 'Paola', surname: 'Referente', email: 'paola@officina.test', phone: '+39 049 123' };

/** The calls on one kind of a user's records: `/api/v1/users/{id}/{kind}`, with `full` as the default body. */
const recordsApi = (kind: 'addresses' | 'contacts', full: object) => {
  const path = (userId: number | string) => `/api/v1/users/${userId}/${kind}`;
  return {
    path,
    add: (viewer: string | null, userId: number | string, body: unknown = full) =>
      api.call(viewer, 'POST', path(userId), body),
    list: (viewer: string | null, userId: number | string) => api.call(viewer, 'GET', path(userId)),
  };
};

describe.each([
  { kind: 'addresses', one: 'address', full: ADDRESS },
  { kind: 'contacts', one: 'contact', full: CONTACT },
] as const)('/api/v1/users/{id}/$kind', ({ kind, one, full }) => {
  const { path, add, list } = recordsApi(kind, full);

  it(`lets users add, list and delete their own ${kind}`, async () => {
    const user = await api.insertUser('a', Role.Customer);
    const added = await add(user.email, user.id);
    expect(added.statusCode).toBe(201);
    const record = added.json();
    expect(record).toEqual({ id: expect.any(Number), ...full });
    expect((await list(user.email, user.id)).json()).toEqual([record]);
    const removed = await api.call(user.email, 'DELETE', `${path(user.id)}/${record.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await list(user.email, user.id)).json()).toEqual([]);
  });

  it('answers 404 to a colleague without the right to manage users, as to another business', async () => {
    const user = await api.insertUser('a', Role.Customer);
    expect((await list('tech@demo.test', user.id)).statusCode).toBe(404);
    expect((await add('customer@demo.test', user.id)).statusCode).toBe(404);
    const other = await list('manager2@demo.test', user.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await list('manager2@demo.test', 999_999)).json());
  });

  it(`answers 404 for another user's ${one}, even to an administrator`, async () => {
    const owner = await api.insertUser('a');
    const record = (await add(owner.email, owner.id)).json();
    const someoneElse = await api.insertUser('a');
    const response = await api.call('admin@demo.test', 'DELETE', `${path(someoneElse.id)}/${record.id}`);
    expect(response.statusCode).toBe(404);
    expect((await list(owner.email, owner.id)).json()).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    expect((await list(null, 1)).statusCode).toBe(401);
    expect((await add(null, 1)).statusCode).toBe(401);
    expect((await api.call(null, 'DELETE', `${path(1)}/1`)).statusCode).toBe(401);
  });
});

describe('/api/v1/users/{id}/addresses', () => {
  const { path, add, list } = recordsApi('addresses', ADDRESS);

  it("lets administrators and the user's managers manage them, province and surname optional", async () => {
    const user = await api.insertUser('b', Role.Technician);
    const { province: _, surname: __, ...required } = ADDRESS;
    const byManager = await add('manager2@demo.test', user.id, required);
    expect(byManager.statusCode).toBe(201);
    expect(byManager.json()).toMatchObject({ province: '', surname: '' });
    expect((await add('admin@demo.test', user.id)).statusCode).toBe(201);
    expect((await list('admin@demo.test', user.id)).json()).toHaveLength(2);
    const id = byManager.json().id;
    expect((await api.call('admin@demo.test', 'DELETE', `${path(user.id)}/${id}`)).statusCode).toBe(204);
  });

  it('answers 400 with per-field codes for a missing city or a postal code out of range', async () => {
    const user = await api.insertUser('a');
    const response = await add(user.email, user.id, { ...ADDRESS, city: ' ', cap: 100_000 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { city: ['required'], cap: ['tooLarge'] },
    });
  });
});

describe('/api/v1/users/{id}/contacts', () => {
  const { path, add, list } = recordsApi('contacts', CONTACT);

  it("lets administrators and the user's managers manage them, email and phone optional", async () => {
    const user = await api.insertUser('b', Role.Technician);
    const byManager = await add('manager2@demo.test', user.id, { name: 'Solo nome' });
    expect(byManager.statusCode).toBe(201);
    expect(byManager.json()).toMatchObject({ name: 'Solo nome', surname: '', email: '', phone: '' });
    expect((await add('admin@demo.test', user.id)).statusCode).toBe(201);
    expect((await list('admin@demo.test', user.id)).json()).toHaveLength(2);
    const id = byManager.json().id;
    expect((await api.call('admin@demo.test', 'DELETE', `${path(user.id)}/${id}`)).statusCode).toBe(204);
  });

  it('answers 400 with per-field codes for a missing name, an invalid email or a long phone', async () => {
    const user = await api.insertUser('a');
    const response = await add(user.email, user.id, { name: '', email: 'nope', phone: '1'.repeat(33) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: ['required'], phone: ['tooLong'] },
    });
    expect(response.json().fields.email).toBeDefined();
  });

  it('answers 400, never a 500, for a NUL character the database cannot store', async () => {
    const user = await api.insertUser('a');
    const response = await add(user.email, user.id, { name: 'Pa\u0000ola' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { name: ['invalidFormat'] } });
  });
});
