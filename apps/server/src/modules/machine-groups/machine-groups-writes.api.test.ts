import type { MachineGroup } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { computerControllers, machineGroupUsers } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const t = useTestApp();
const demo = demoClient(t);

const ADMIN = 'admin@demo.test';

/** A fresh spare controller of `business` (A or B), created as an administrator. */
const spareController = async (business: 'A' | 'B', name = 'Gateway di prova') => {
  const response = await demo.call(ADMIN, 'POST', '/api/v1/controller/computer', {
    name,
    type: 1,
    business: await demo.businessId(business),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
};

const newGroupBody = async (overrides: object = {}) => ({
  name: 'Prusa linea 3',
  location: 'Reparto stampa',
  machine: 1,
  board: 3,
  business: await demo.businessId('A'),
  computer: await spareController('A'),
  ...overrides,
});

describe('POST /api/v1/machinegroup', () => {
  it('lets an administrator create a group on a free controller of its business', async () => {
    const body = await newGroupBody();
    const response = await demo.call(ADMIN, 'POST', '/api/v1/machinegroup', body);
    expect(response.statusCode).toBe(201);
    const group = response.json<MachineGroup>();
    expect(group).toMatchObject({ ...body, description: '', firmware: 0, issues: [] });
    const seen = await demo.call('manager@demo.test', 'GET', `/api/v1/machinegroup/${group.id}`);
    expect(seen.statusCode).toBe(200);
  });

  it('answers 400 naming each field that is missing or refers to nothing usable', async () => {
    const foreign = await spareController('B');
    const response = await demo.call(ADMIN, 'POST', '/api/v1/machinegroup', {
      ...(await newGroupBody()),
      machine: 999,
      board: 999,
      computer: foreign,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { machine: ['invalidChoice'], board: ['invalidChoice'], computer: ['invalidChoice'] },
    });
    const empty = await demo.call(ADMIN, 'POST', '/api/v1/machinegroup', {
      ...(await newGroupBody()),
      name: ' ',
    });
    expect(empty.json()).toMatchObject({ fields: { name: ['required'] } });
    const noBusiness = await demo.call(ADMIN, 'POST', '/api/v1/machinegroup', {
      ...(await newGroupBody()),
      business: 999_999,
    });
    expect(noBusiness.json()).toMatchObject({ fields: { business: ['invalidBusiness'] } });
  });

  it('answers 409 when the controller already serves a group', async () => {
    const used = (await demo.group('Prusa linea 1')).computerControllerId;
    const response = await demo.call(
      ADMIN,
      'POST',
      '/api/v1/machinegroup',
      await newGroupBody({ computer: used }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('refuses everyone but administrators with 403, and answers 401 without a session', async () => {
    const body = await newGroupBody();
    expect((await demo.call('manager@demo.test', 'POST', '/api/v1/machinegroup', body)).statusCode).toBe(403);
    expect((await demo.call('tech@demo.test', 'POST', '/api/v1/machinegroup', body)).statusCode).toBe(403);
    expect((await demo.call(null, 'POST', '/api/v1/machinegroup', body)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/machinegroup/{id}', () => {
  it('lets a customer change name, location and description of an assigned group', async () => {
    const group = await demo.group('Prusa linea 2');
    const response = await demo.call('customer@demo.test', 'PUT', `/api/v1/machinegroup/${group.id}`, {
      name: 'Prusa linea 2 (ASA)',
      location: 'Reparto stampa, corsia 2',
      description: 'Solo ASA',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Prusa linea 2 (ASA)',
      location: 'Reparto stampa, corsia 2',
      description: 'Solo ASA',
      firmware: 3.5,
    });
  });

  it('refuses firmware and business changes to non-administrators with 403', async () => {
    const group = await demo.group('Prusa linea 1');
    const url = `/api/v1/machinegroup/${group.id}`;
    expect((await demo.call('tech@demo.test', 'PUT', url, { firmware: 3.6 })).statusCode).toBe(403);
    const move = { business: await demo.businessId('B') };
    expect((await demo.call('manager@demo.test', 'PUT', url, move)).statusCode).toBe(403);
    expect((await demo.group('Prusa linea 1')).firmware).toBe(3.5);
  });

  it("answers 404 for a group the caller does not see: another business's or not assigned", async () => {
    const modix = await demo.group('Modix grande formato');
    expect(
      (await demo.call('manager2@demo.test', 'PUT', `/api/v1/machinegroup/${modix.id}`, { name: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await demo.call('customer@demo.test', 'PUT', `/api/v1/machinegroup/${modix.id}`, { name: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 400 with field codes for an empty name, a long location or an unknown firmware', async () => {
    const group = await demo.group('Cella pallet');
    const response = await demo.call(ADMIN, 'PUT', `/api/v1/machinegroup/${group.id}`, {
      name: '',
      location: 'x'.repeat(101),
      firmware: 3.7,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      fields: { name: ['required'], location: ['tooLong'], firmware: ['invalidChoice'] },
    });
    const unknown = await demo.call(ADMIN, 'PUT', `/api/v1/machinegroup/${group.id}`, { business: 999_999 });
    expect(unknown.json()).toMatchObject({ fields: { business: ['invalidBusiness'] } });
    expect((await demo.call(null, 'PUT', `/api/v1/machinegroup/${group.id}`, { name: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('lets an administrator move a group: its controller follows without its licence, outsiders lose access', async () => {
    const group = await demo.group('Voron prototipi');
    const b = await demo.businessId('B');
    const response = await demo.call(ADMIN, 'PUT', `/api/v1/machinegroup/${group.id}`, {
      business: b,
      firmware: 3.5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ business: b, firmware: 3.5 });
    const controller = await demo.controller(group.computerControllerId);
    expect(controller).toMatchObject({ businessId: b, licenseId: null });
    const assigned = await t.database.db
      .select()
      .from(machineGroupUsers)
      .where(eq(machineGroupUsers.machineGroupId, group.id));
    expect(assigned).toEqual([]);
    expect((await demo.call('tech@demo.test', 'GET', `/api/v1/machinegroup/${group.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await demo.call('manager2@demo.test', 'GET', `/api/v1/machinegroup/${group.id}`)).statusCode,
    ).toBe(200);
  });
});

describe('PUT /api/v1/machinegroup/{id}/composition', () => {
  const url = (id: number) => `/api/v1/machinegroup/${id}/composition`;

  it('lets an administrator swap machine type and controller; the old controller becomes free', async () => {
    const group = await demo.group('Modix grande formato');
    const spare = await spareController('A', 'Gateway nuovo');
    const response = await demo.call(ADMIN, 'PUT', url(group.id), { machine: 4, computerController: spare });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ machine: 4, computer: spare });
    const freed = await demo.call(ADMIN, 'GET', `/api/v1/controller/computer/${group.computerControllerId}`);
    expect(freed.json()).toMatchObject({ machine: null });
  });

  it("answers 400 for another business's controller or an unknown machine, 409 for a used one", async () => {
    const group = await demo.group('Cella pallet');
    const foreign = await spareController('B');
    const wrong = await demo.call(ADMIN, 'PUT', url(group.id), { machine: 99, computerController: foreign });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      fields: { machine: ['invalidChoice'], computerController: ['invalidChoice'] },
    });
    const used = (await demo.group('Prusa linea 1')).computerControllerId;
    const taken = await demo.call(ADMIN, 'PUT', url(group.id), { machine: 2, computerController: used });
    expect(taken.statusCode).toBe(409);
    const missing = await demo.call(ADMIN, 'PUT', url(group.id), { machine: 2 });
    expect(missing.json()).toMatchObject({ fields: { computerController: ['required'] } });
  });

  it('keeps the same controller when only the machine changes', async () => {
    const group = await demo.group('Cella pallet');
    const body = { machine: 2, computerController: group.computerControllerId };
    expect((await demo.call(ADMIN, 'PUT', url(group.id), body)).statusCode).toBe(200);
  });

  it('refuses a technician who sees the group with 403, another business with 404, no session with 401', async () => {
    const group = await demo.group('Cella pallet');
    const body = { machine: 2, computerController: group.computerControllerId };
    expect((await demo.call('tech@demo.test', 'PUT', url(group.id), body)).statusCode).toBe(403);
    expect((await demo.call('manager2@demo.test', 'PUT', url(group.id), body)).statusCode).toBe(404);
    expect((await demo.call(null, 'PUT', url(group.id), body)).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/machinegroup/{id}', () => {
  it('lets an administrator delete a group with its assignments, keeping its controller as a spare', async () => {
    const group = await demo.group('Prusa laboratorio');
    const url = `/api/v1/machinegroup/${group.id}`;
    expect((await demo.call('manager2@demo.test', 'DELETE', url)).statusCode).toBe(403);
    expect((await demo.call('manager@demo.test', 'DELETE', url)).statusCode).toBe(404);
    expect((await demo.call(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await demo.call(ADMIN, 'DELETE', '/api/v1/machinegroup/-1')).statusCode).toBe(400);

    const response = await demo.call(ADMIN, 'DELETE', url);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await demo.call(ADMIN, 'GET', url)).statusCode).toBe(404);
    const assigned = await t.database.db
      .select()
      .from(machineGroupUsers)
      .where(eq(machineGroupUsers.machineGroupId, group.id));
    expect(assigned).toEqual([]);
    const [controller] = await t.database.db
      .select()
      .from(computerControllers)
      .where(eq(computerControllers.id, group.computerControllerId));
    expect(controller).toBeDefined();
    expect((await demo.call(ADMIN, 'DELETE', url)).statusCode).toBe(404);
  });
});
