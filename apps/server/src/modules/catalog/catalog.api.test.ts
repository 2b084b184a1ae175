import type { Catalog, CatalogEntry } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  boardTypes,
  computerControllers,
  computerTypes,
  machineGroups,
  machineTypes,
} from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';

const t = useTestApp();
let businessA: number;
beforeAll(async () => {
  const customer = await t.modules.users.repository.findById(await t.idOf('customer@demo.test'));
  businessA = customer?.businessId ?? 0;
});

const call = t.call;

/** A machine group using fresh types of every catalogue, so that each is in use. */
async function insertMachineGroup() {
  const db = t.database.db;
  const [machine] = await db.insert(machineTypes).values({ name: 'Stampante in uso' }).returning();
  const [board] = await db.insert(boardTypes).values({ name: 'Duet in uso' }).returning();
  const [computer] = await db.insert(computerTypes).values({ name: 'Gateway in uso' }).returning();
  if (!machine || !board || !computer) throw new Error('no types');
  const [controller] = await db
    .insert(computerControllers)
    .values({ name: 'Router in uso', typeId: computer.id, businessId: businessA })
    .returning();
  await db.insert(machineGroups).values({
    name: 'Gruppo in uso',
    machineTypeId: machine.id,
    boardTypeId: board.id,
    businessId: businessA,
    computerControllerId: controller?.id ?? 0,
  });
  return { machines: machine.id, boards: board.id, computers: computer.id };
}

const CASES: { catalog: Catalog; list: string; item: string; remove: string; user: string }[] = [
  {
    catalog: 'machines',
    list: '/api/v1/machines',
    item: '/api/v1/machines',
    remove: '/api/v1/machines',
    user: '1 machine group uses it',
  },
  {
    catalog: 'boards',
    list: '/api/v1/boards',
    item: '/api/v1/boards',
    remove: '/api/v1/board',
    user: '1 machine group uses it',
  },
  {
    catalog: 'computers',
    list: '/api/v1/computers',
    item: '/api/v1/computers',
    remove: '/api/v1/computer',
    user: '1 computer controller uses it',
  },
];

describe.each(CASES)('the $catalog catalogue', ({ catalog, list, item, remove, user }) => {
  const create = async (name: string, description?: string) => {
    const response = await call('admin@demo.test', 'POST', list, { name, description });
    return response.json<CatalogEntry>();
  };

  it('lists every entry in id order to any signed-in user', async () => {
    const first = await create(`${catalog} uno`, 'Prima voce');
    const second = await create(`${catalog} due`);
    const response = await call('customer@demo.test', 'GET', list);
    expect(response.statusCode).toBe(200);
    const entries: CatalogEntry[] = response.json();
    expect(entries).toEqual(expect.arrayContaining([first, second]));
    expect(entries.map((entry) => entry.id)).toEqual(
      [...entries.map((entry) => entry.id)].sort((a, b) => a - b),
    );
    expect((await call(null, 'GET', list)).statusCode).toBe(401);
  });

  it('returns one entry to any signed-in user, 404 for a missing one and 400 for a bad id', async () => {
    const entry = await create(`${catalog} letta`, 'Descrizione');
    const response = await call('tech@demo.test', 'GET', `${item}/${entry.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: entry.id, name: `${catalog} letta`, description: 'Descrizione' });
    expect((await call('tech@demo.test', 'GET', `${item}/999999`)).statusCode).toBe(404);
    expect((await call('tech@demo.test', 'GET', `${item}/x`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `${item}/${entry.id}`)).statusCode).toBe(401);
  });

  it('creates an entry for an administrator, the description empty unless given', async () => {
    const response = await call('admin@demo.test', 'POST', list, { name: '  Nuova voce ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Nuova voce', description: '' });
  });

  it('answers 400 with field codes for an empty name or a too long description', async () => {
    const response = await call('admin@demo.test', 'POST', list, { name: '', description: 'x'.repeat(2001) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: ['required'], description: ['tooLong'] });
  });

  it('refuses to change the catalogue for anyone but administrators', async () => {
    const entry = await create(`${catalog} protetta`);
    for (const viewer of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test']) {
      expect((await call(viewer, 'POST', list, { name: 'Intrusa' })).statusCode).toBe(403);
      expect((await call(viewer, 'PUT', `${item}/${entry.id}`, { name: 'Intrusa' })).statusCode).toBe(403);
      expect((await call(viewer, 'DELETE', `${remove}/${entry.id}`)).statusCode).toBe(403);
    }
    expect((await call(null, 'POST', list, { name: 'Anonima' })).statusCode).toBe(401);
    expect((await call(null, 'PUT', `${item}/${entry.id}`, { name: 'Anonima' })).statusCode).toBe(401);
    expect((await call(null, 'DELETE', `${remove}/${entry.id}`)).statusCode).toBe(401);
    expect((await call('admin@demo.test', 'GET', `${item}/${entry.id}`)).json()).toEqual(entry);
  });

  it('updates an entry for an administrator', async () => {
    const entry = await create(`${catalog} da cambiare`, 'Vecchia');
    const response = await call('admin@demo.test', 'PUT', `${item}/${entry.id}`, {
      name: 'Cambiata',
      description: 'Nuova',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: entry.id, name: 'Cambiata', description: 'Nuova' });
    const missing = await call('admin@demo.test', 'PUT', `${item}/999999`, { name: 'Nessuna' });
    expect(missing.statusCode).toBe(404);
    const invalid = await call('admin@demo.test', 'PUT', `${item}/${entry.id}`, {
      description: 'Senza nome',
    });
    expect(invalid.json().fields).toEqual({ name: ['required'] });
  });

  it('deletes an unused entry', async () => {
    const entry = await create(`${catalog} da eliminare`);
    expect((await call('admin@demo.test', 'DELETE', `${remove}/${entry.id}`)).statusCode).toBe(204);
    expect((await call('admin@demo.test', 'GET', `${item}/${entry.id}`)).statusCode).toBe(404);
    expect((await call('admin@demo.test', 'DELETE', `${remove}/${entry.id}`)).statusCode).toBe(404);
    expect((await call('admin@demo.test', 'DELETE', `${remove}/0`)).statusCode).toBe(400);
  });

  it('refuses with 409 to delete an entry in use, and keeps it', async () => {
    const used = (await insertMachineGroup())[catalog];
    const response = await call('admin@demo.test', 'DELETE', `${remove}/${used}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(`while ${user}$`),
    });
    expect((await call('admin@demo.test', 'GET', `${item}/${used}`)).statusCode).toBe(200);
  });
});

it('keeps board and computer types apart: each is updated at its own path', async () => {
  const admin = 'admin@demo.test';
  const board: CatalogEntry = (await call(admin, 'POST', '/api/v1/boards', { name: 'Duet 3' })).json();
  const computer: CatalogEntry = (
    await call(admin, 'POST', '/api/v1/computers', { name: 'Raspberry' })
  ).json();
  await call(admin, 'PUT', `/api/v1/boards/${board.id}`, { name: 'Duet 3 Mini' });
  await call(admin, 'PUT', `/api/v1/computers/${computer.id}`, { name: 'Raspberry Pi 5' });
  expect((await call(admin, 'GET', `/api/v1/boards/${board.id}`)).json().name).toBe('Duet 3 Mini');
  expect((await call(admin, 'GET', `/api/v1/computers/${computer.id}`)).json().name).toBe('Raspberry Pi 5');
});
