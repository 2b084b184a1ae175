import type { ComputerController, Page } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const t = useTestApp();
const demo = demoClient(t);

const ADMIN = 'admin@demo.test';
const LIST = '/api/v1/controller/computer';

const listOf = async (email: string, query = '') => {
  const response = await demo.call(email, 'GET', `${LIST}?pageSize=200${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<Page<ComputerController>>();
};
const controllerOf = async (groupName: string) => (await demo.group(groupName)).computerControllerId;

describe('GET /api/v1/controller/computer', () => {
  it('shows administrators every controller, managers their business, others those of their groups', async () => {
    const a = await demo.businessId('A');
    const b = await demo.businessId('B');
    const all = await listOf(ADMIN);
    expect(all.total).toBe(10);
    const managerA = await listOf('manager@demo.test');
    expect(managerA.items.map((item) => item.business)).toEqual(Array(6).fill(a));
    expect((await listOf('manager2@demo.test')).items.map((item) => item.business)).toEqual(Array(3).fill(b));
    const ids = async (email: string) => (await listOf(email)).items.map((item) => item.id);
    expect(await ids('tech@demo.test')).toEqual(
      await Promise.all(['Prusa linea 1', 'Cella pallet', 'Voron prototipi'].map(controllerOf)),
    );
    expect(await ids('customer@demo.test')).toEqual(
      await Promise.all(['Prusa linea 1', 'Prusa linea 2'].map(controllerOf)),
    );
    expect(await ids('customer2@demo.test')).toEqual(
      await Promise.all(['RatRig produzione', 'Prusa laboratorio'].map(controllerOf)),
    );
  });

  it('filters the unused ones (the spare of the operator, controller 1, among them) and by business', async () => {
    const unused = await listOf(ADMIN, '&unused=true');
    expect(unused.items.map((item) => [item.id, item.name, item.machine])).toEqual([
      [1, 'Magazzino', null],
      [expect.any(Number), 'Gateway OA di scorta', null],
    ]);
    const a = await demo.businessId('A');
    const spareOfA = await listOf('manager@demo.test', `&unused=true&business=${a}`);
    expect(spareOfA.items.map((item) => item.name)).toEqual(['Gateway OA di scorta']);
    expect((await listOf('manager2@demo.test', `&business=${a}`)).total).toBe(0);
  });

  it('sorts by name and filters by text', async () => {
    const sorted = await listOf(ADMIN, '&sort=name&order=desc');
    const names = sorted.items.map((item) => item.name);
    expect(names[0]).toBe('Magazzino');
    expect((await listOf(ADMIN, '&q=laboratorio&sort=name')).items.map((item) => item.name)).toEqual([
      'Gateway BP Laboratorio 1',
      'Gateway OA Laboratorio 1',
    ]);
  });

  it('answers 400 with field codes for a bad query and 401 without a session', async () => {
    const response = await demo.call(ADMIN, 'GET', `${LIST}?unused=yes&business=0`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { unused: ['invalidChoice'], business: ['tooSmall'] } });
    expect((await demo.call(null, 'GET', LIST)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/controller/computer/{id}', () => {
  it('answers the controller with its group, and never its key or hash', async () => {
    const group = await demo.group('Prusa linea 1');
    const response = await demo.call('customer@demo.test', 'GET', `${LIST}/${group.computerControllerId}`);
    expect(response.statusCode).toBe(200);
    const controller = response.json<ComputerController>();
    expect(controller).toMatchObject({
      id: group.computerControllerId,
      machine: group.id,
      keyCreatedAt: null,
    });
    expect(controller.gateway).toEqual({
      connected: false,
      lastSeenAt: null,
      version: null,
      outdated: false,
      report: null,
    });
    expect(Object.keys(controller).sort()).toEqual([
      'business',
      'gateway',
      'id',
      'keyCreatedAt',
      'license',
      'machine',
      'name',
      'type',
    ]);
  });

  it('adds the licence with include_license=true: its dates and the controller it is bound to', async () => {
    const id = await controllerOf('Prusa linea 2');
    const response = await demo.call('manager@demo.test', 'GET', `${LIST}/${id}?include_license=true`);
    const controller = response.json<ComputerController>();
    expect(controller.licenseDetails).toEqual({
      id: controller.license,
      business: await demo.businessId('A'),
      expiry: 365 * 24 * 60 * 60 * 1000,
      activation: t.clock.now().getTime() - 345 * 24 * 60 * 60 * 1000,
      computer: id,
    });
    const spare = await demo.controllerNamed('Gateway OA di scorta');
    const none = await demo.call(ADMIN, 'GET', `${LIST}/${spare.id}?include_license=true`);
    expect(none.json()).toMatchObject({ license: null, licenseDetails: null });
  });

  it('answers 404 to whoever does not see it, as for a missing one; 400 for a bad id; 401 without session', async () => {
    const modix = await controllerOf('Modix grande formato');
    const hidden = await demo.call('customer@demo.test', 'GET', `${LIST}/${modix}`);
    const missing = await demo.call('customer@demo.test', 'GET', `${LIST}/999999`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect((await demo.call('manager2@demo.test', 'GET', `${LIST}/${modix}`)).statusCode).toBe(404);
    expect((await demo.call(ADMIN, 'GET', `${LIST}/1e3`)).statusCode).toBe(400);
    expect((await demo.call(null, 'GET', `${LIST}/${modix}`)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/controller/computer', () => {
  it('lets an administrator create one, unused and without a key', async () => {
    const b = await demo.businessId('B');
    const response = await demo.call(ADMIN, 'POST', LIST, { name: 'Gateway Dolo 4', type: 2, business: b });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Gateway Dolo 4',
      type: 2,
      license: null,
      business: b,
      machine: null,
      keyCreatedAt: null,
      gateway: { connected: false, lastSeenAt: null, version: null, outdated: false, report: null },
    });
  });

  it('answers 400 for an empty name, an unknown type or business; 403 for others; 401 without session', async () => {
    const response = await demo.call(ADMIN, 'POST', LIST, { name: '', type: 1, business: 1 });
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: ['required'] } });
    const unknown = await demo.call(ADMIN, 'POST', LIST, { name: 'x', type: 99, business: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      fields: { type: ['invalidChoice'], business: ['invalidBusiness'] },
    });
    const body = { name: 'x', type: 1, business: await demo.businessId('A') };
    expect((await demo.call('manager@demo.test', 'POST', LIST, body)).statusCode).toBe(403);
    expect((await demo.call(null, 'POST', LIST, body)).statusCode).toBe(401);
  });
});
