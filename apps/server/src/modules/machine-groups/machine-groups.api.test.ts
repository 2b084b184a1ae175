import type { MachineGroup, MachineGroupUser, Page } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const t = useTestApp();
const demo = demoClient(t);

const A_GROUPS = [
  'Cella pallet',
  'Modix grande formato',
  'Prusa linea 1',
  'Prusa linea 2',
  'Voron prototipi',
];
const B_GROUPS = ['Cella pallet B', 'Prusa laboratorio', 'RatRig produzione'];

const ticketIdsOf = async (groupId: number) =>
  (
    await t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.machineGroupId, groupId))
      .orderBy(tickets.id)
  ).map((row) => row.id);

const namesOf = async (email: string, query = '') => {
  const response = await demo.call(email, 'GET', `/api/v1/machinegroup?pageSize=200&sort=name${query}`);
  expect(response.statusCode).toBe(200);
  const page = response.json<Page<MachineGroup>>();
  expect(page.total).toBe(page.items.length);
  return page.items.map((group) => group.name);
};

describe('GET /api/v1/machinegroup', () => {
  it.each([
    ['admin@demo.test', [...A_GROUPS, ...B_GROUPS].sort()],
    ['manager@demo.test', A_GROUPS],
    ['tech@demo.test', ['Cella pallet', 'Prusa linea 1', 'Voron prototipi']],
    ['customer@demo.test', ['Prusa linea 1', 'Prusa linea 2']],
    ['manager2@demo.test', B_GROUPS],
    ['customer2@demo.test', ['Prusa laboratorio', 'RatRig produzione']],
  ])('shows %s exactly the groups docs/design.md §3 lets them see', async (email, expected) => {
    expect(await namesOf(email)).toEqual(expected);
  });

  it('filters by business, but never beyond what the caller sees', async () => {
    const b = await demo.businessId('B');
    expect(await namesOf('admin@demo.test', `&business_id=${b}`)).toEqual(B_GROUPS);
    expect(await namesOf('manager@demo.test', `&business_id=${b}`)).toEqual([]);
  });

  it('filters by name or location and pages in a stable order with the total', async () => {
    expect(await namesOf('admin@demo.test', '&q=laboratorio')).toEqual([
      'Prusa laboratorio',
      'Voron prototipi',
    ]);
    const url = '/api/v1/machinegroup?sort=location&order=desc&pageSize=3';
    const first = (await demo.call('admin@demo.test', 'GET', url)).json<Page<MachineGroup>>();
    const second = (await demo.call('admin@demo.test', 'GET', `${url}&page=2`)).json<Page<MachineGroup>>();
    expect(first).toMatchObject({ total: 8, page: 1, pageSize: 3 });
    expect(first.items.map((group) => group.location)).toEqual([
      'Reparto stampa',
      'Reparto stampa',
      'Reparto stampa',
    ]);
    const ids = [...first.items, ...second.items].map((group) => group.id);
    expect(new Set(ids).size).toBe(6);
    // Ties are broken by id, in the chosen direction.
    expect(first.items.map((group) => group.id)).toEqual(
      [...first.items.map((group) => group.id)].sort((x, y) => y - x),
    );
  });

  it('answers the contract shape, with the ids of its tickets', async () => {
    const group = await demo.group('Prusa linea 1');
    const [item] = (
      await demo.call('customer@demo.test', 'GET', '/api/v1/machinegroup?q=Prusa linea 1')
    ).json<Page<MachineGroup>>().items;
    expect(item).toEqual({
      id: group.id,
      name: 'Prusa linea 1',
      location: 'Reparto stampa',
      description: group.description,
      machine: 1,
      board: group.boardTypeId,
      business: await demo.businessId('A'),
      computer: group.computerControllerId,
      firmware: 3.5,
      issues: await ticketIdsOf(group.id),
    });
    // The demo fleet opens tickets about it: the list is real, not always empty.
    expect(item?.issues.length).toBeGreaterThan(0);
  });

  it('answers 400 with per-field codes for a bad query', async () => {
    const response = await demo.call('admin@demo.test', 'GET', '/api/v1/machinegroup?pageSize=0&sort=colour');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { pageSize: ['tooSmall'], sort: ['invalidChoice'] },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await demo.call(null, 'GET', '/api/v1/machinegroup')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/machinegroup/{id}', () => {
  it('returns a group to whoever it is assigned to', async () => {
    const group = await demo.group('Prusa linea 2');
    const response = await demo.call('customer@demo.test', 'GET', `/api/v1/machinegroup/${group.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: group.id, name: 'Prusa linea 2', firmware: 3.5 });
  });

  it('answers 404 for a group of the same business not assigned to the caller, as for a missing one', async () => {
    const group = await demo.group('Modix grande formato');
    const unassigned = await demo.call('customer@demo.test', 'GET', `/api/v1/machinegroup/${group.id}`);
    const missing = await demo.call('customer@demo.test', 'GET', '/api/v1/machinegroup/999999');
    expect(unassigned.statusCode).toBe(404);
    expect(unassigned.json()).toEqual(missing.json());
  });

  it("answers 404 for another business's group", async () => {
    const group = await demo.group('RatRig produzione');
    expect((await demo.call('manager@demo.test', 'GET', `/api/v1/machinegroup/${group.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await demo.call('manager2@demo.test', 'GET', `/api/v1/machinegroup/${group.id}`)).statusCode,
    ).toBe(200);
  });

  it('answers 400 for an id that is not a positive number, and 401 without a session', async () => {
    const response = await demo.call('admin@demo.test', 'GET', '/api/v1/machinegroup/abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: { id: [expect.any(String)] },
    });
    expect((await demo.call(null, 'GET', '/api/v1/machinegroup/1')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/machinegroup/{id}/users', () => {
  it('lists who has access, with their business, to whoever sees the group', async () => {
    const group = await demo.group('Prusa linea 1');
    const response = await demo.call('customer@demo.test', 'GET', `/api/v1/machinegroup/${group.id}/users`);
    expect(response.statusCode).toBe(200);
    const users = response.json<MachineGroupUser[]>();
    expect(users).toEqual([
      {
        id: await t.idOf('tech@demo.test'),
        name: 'Tiziana',
        surname: 'Tecnico',
        business: await demo.businessId('A'),
        businessName: 'Officine Adriatiche S.p.A.',
      },
      {
        id: await t.idOf('customer@demo.test'),
        name: 'Carlo',
        surname: 'Cliente',
        business: await demo.businessId('A'),
        businessName: 'Officine Adriatiche S.p.A.',
      },
    ]);
  });

  it('answers an empty list for a group nobody is assigned to', async () => {
    const group = await demo.group('Modix grande formato');
    const response = await demo.call('manager@demo.test', 'GET', `/api/v1/machinegroup/${group.id}/users`);
    expect(response.json()).toEqual([]);
  });

  it('answers 404 to whoever does not see the group, 400 for a bad id and 401 without a session', async () => {
    const group = await demo.group('Prusa linea 1');
    expect(
      (await demo.call('customer2@demo.test', 'GET', `/api/v1/machinegroup/${group.id}/users`)).statusCode,
    ).toBe(404);
    expect((await demo.call('tech@demo.test', 'GET', '/api/v1/machinegroup/0/users')).statusCode).toBe(400);
    expect((await demo.call(null, 'GET', `/api/v1/machinegroup/${group.id}/users`)).statusCode).toBe(401);
  });
});
