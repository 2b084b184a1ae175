import { Role } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { usersApi } from './users.test-support.ts';

const t = useTestApp();
let api: ReturnType<typeof usersApi>;
beforeAll(async () => {
  api = usersApi(t);
});

const path = (userId: number | string) => `/api/v1/users/${userId}/preferences`;
const get = (viewer: string | null, userId: number | string) => api.call(viewer, 'GET', path(userId));
const put = (viewer: string | null, userId: number | string, body: unknown) =>
  api.call(viewer, 'PUT', path(userId), body);

describe('/api/v1/users/{id}/preferences', () => {
  it('gives users their own preferences, both notifications on by default, and lets them change them', async () => {
    const user = await api.insertUser('a', Role.Technician);
    const initial = await get(user.email, user.id);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ id: user.id, ticketNotifications: true, machineNotifications: true });
    const changed = await put(user.email, user.id, {
      ticketNotifications: false,
      machineNotifications: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ id: user.id, ticketNotifications: false, machineNotifications: true });
    expect((await get(user.email, user.id)).json()).toEqual(changed.json());
  });

  it("lets administrators and the user's managers read and change them", async () => {
    const user = await api.insertUser('b', Role.Customer);
    const body = { ticketNotifications: false, machineNotifications: false };
    expect((await put('manager2@demo.test', user.id, body)).statusCode).toBe(200);
    expect((await get('admin@demo.test', user.id)).json()).toMatchObject(body);
    expect((await put('admin@demo.test', user.id, { ...body, machineNotifications: true })).statusCode).toBe(
      200,
    );
  });

  it('answers 400 when a switch is missing or not a boolean', async () => {
    const user = await api.insertUser('a');
    const response = await put(user.email, user.id, { ticketNotifications: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { ticketNotifications: ['invalidType'], machineNotifications: ['required'] },
    });
  });

  it('answers 404 to a colleague without the right to manage users, as to another business', async () => {
    const user = await api.insertUser('a', Role.Customer);
    const body = { ticketNotifications: false, machineNotifications: false };
    expect((await get('tech@demo.test', user.id)).statusCode).toBe(404);
    expect((await put('customer@demo.test', user.id, body)).statusCode).toBe(404);
    const other = await put('manager2@demo.test', user.id, body);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await put('manager2@demo.test', 999_999, body)).json());
    expect((await get(user.email, user.id)).json()).toMatchObject({ ticketNotifications: true });
  });

  it('answers 401 without a session', async () => {
    expect((await get(null, 1)).statusCode).toBe(401);
    expect((await put(null, 1, {})).statusCode).toBe(401);
  });
});
