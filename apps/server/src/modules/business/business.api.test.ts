import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const businessOf = async (email: string) => {
  const id = await t.idOf(email);
  const user = await t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(await t.tokenFor(email)) });
  return user.json<{ business: number }>().business;
};
const getBusiness = async (viewer: string, id: number | string) =>
  t.app.inject({ url: `/api/v1/business/${id}`, headers: bearer(await t.tokenFor(viewer)) });

describe('GET /api/v1/business/{id}', () => {
  it('returns the own business to any of its users', async () => {
    const id = await businessOf('customer@demo.test');
    const response = await getBusiness('customer@demo.test', id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      name: 'Officine Adriatiche S.p.A.',
      active: true,
      cap: 35100,
    });
  });

  it('lets an administrator see any business', async () => {
    const id = await businessOf('customer2@demo.test');
    expect((await getBusiness('admin@demo.test', id)).json().name).toBe('Brenta Prototipi S.r.l.');
  });

  it('answers 404 for another business, exactly as for a missing one', async () => {
    const other = await getBusiness('manager@demo.test', await businessOf('customer2@demo.test'));
    const missing = await getBusiness('manager@demo.test', 999_999);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('answers 400 for an id that is not a positive number', async () => {
    const response = await getBusiness('customer@demo.test', '-3');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: { id: [expect.any(String)] },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/v1/business/1' })).statusCode).toBe(401);
  });
});
