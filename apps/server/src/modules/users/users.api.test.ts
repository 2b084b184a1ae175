import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getUser = async (viewer: string, id: number | string) =>
  t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(await t.tokenFor(viewer)) });

describe('GET /api/v1/users/{id}', () => {
  it('returns the current user with the fields of the specification and no secrets', async () => {
    const id = await t.idOf('customer@demo.test');
    const response = await getUser('customer@demo.test', id);
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'business',
        'createdAt',
        'email',
        'enabled',
        'id',
        'lastPasswordChange',
        'name',
        'role',
        'surname',
      ].sort(),
    );
    expect(user).toMatchObject({
      id,
      email: 'customer@demo.test',
      name: 'Carlo',
      surname: 'Cliente',
      role: 3,
    });
  });

  it('lets a manager see the users of their own business', async () => {
    const response = await getUser('manager@demo.test', await t.idOf('tech@demo.test'));
    expect(response.statusCode).toBe(200);
  });

  it('lets an administrator see users of every business', async () => {
    expect((await getUser('admin@demo.test', await t.idOf('customer2@demo.test'))).statusCode).toBe(200);
  });

  it('answers 404 for a user of another business, exactly as for a missing user', async () => {
    const other = await getUser('manager2@demo.test', await t.idOf('customer@demo.test'));
    const missing = await getUser('manager2@demo.test', 999_999);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Not Found' });
  });

  it('answers 404 when a customer or technician asks for a colleague', async () => {
    expect((await getUser('customer@demo.test', await t.idOf('tech@demo.test'))).statusCode).toBe(404);
    expect((await getUser('tech@demo.test', await t.idOf('customer@demo.test'))).statusCode).toBe(404);
  });

  it('answers 400 with the field message for an id that is not a positive number', async () => {
    const response = await getUser('customer@demo.test', 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: { id: [expect.any(String)] },
    });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/api/v1/users/1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
    });
  });
});
