import { createHash } from 'node:crypto';
import type { ComputerController } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { demoClient } from '../../test/demo-lookup.ts';

const t = useTestApp();
const demo = demoClient(t);

const ADMIN = 'admin@demo.test';
const LIST = '/api/v1/controller/computer';

const spareOf = async (business: 'A' | 'B', name: string) => {
  const response = await demo.call(ADMIN, 'POST', LIST, {
    name,
    type: 1,
    business: await demo.businessId(business),
  });
  return response.json<ComputerController>().id;
};
/** The licence of `business` that was never activated nor bound (one per customer business). */
const freeLicenseOf = async (business: 'A' | 'B') => {
  const free = (await demo.licensesOf(await demo.businessId(business))).find(
    (row) => row.activation === null,
  );
  if (!free) throw new Error('no free demo licence');
  return free.id;
};

describe('PUT /api/v1/controller/computer/{id}', () => {
  it('lets an administrator rename a controller and bind a free licence of its business, or unbind it', async () => {
    const id = await spareOf('A', 'Gateway da configurare');
    const license = await freeLicenseOf('A');
    const bound = await demo.call(ADMIN, 'PUT', `${LIST}/${id}`, { name: 'Gateway OA Officina 1', license });
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({ id, name: 'Gateway OA Officina 1', license });
    const again = await demo.call(ADMIN, 'PUT', `${LIST}/${id}`, { name: 'Gateway OA Officina 1', license });
    expect(again.statusCode).toBe(200);
    const unbound = await demo.call(ADMIN, 'PUT', `${LIST}/${id}`, {
      name: 'Gateway OA Officina 1',
      license: null,
    });
    expect(unbound.json()).toMatchObject({ license: null });
  });

  it("answers 400 for another business's or a missing licence, 409 for one bound elsewhere", async () => {
    const id = await spareOf('A', 'Gateway senza licenza');
    for (const license of [await freeLicenseOf('B'), 999_999]) {
      const response = await demo.call(ADMIN, 'PUT', `${LIST}/${id}`, { name: 'x', license });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { license: ['invalidChoice'] },
      });
    }
    const taken = (await demo.controller((await demo.group('Prusa linea 1')).computerControllerId)).licenseId;
    const response = await demo.call(ADMIN, 'PUT', `${LIST}/${id}`, { name: 'x', license: taken });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await demo.controller(id)).name).toBe('Gateway senza licenza');
  });

  it('answers 400 for a missing licence field or an empty name', async () => {
    const response = await demo.call(ADMIN, 'PUT', `${LIST}/1`, { name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { name: ['required'], license: ['required'] } });
  });

  it('answers 400, not a database failure, for text holding a NUL character', async () => {
    const response = await demo.call(ADMIN, 'PUT', `${LIST}/1`, { name: 'Magazzino\u0000', license: null });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { name: ['invalidFormat'] } });
    const search = await demo.call(ADMIN, 'GET', `${LIST}?q=%00`);
    expect(search.json()).toMatchObject({ fields: { q: ['invalidFormat'] } });
  });

  it('refuses a manager with 403 on their own, 404 on another business, and 401 without session', async () => {
    const id = await controllerOfGroup('Prusa linea 1');
    const body = { name: 'x', license: null };
    expect((await demo.call('manager@demo.test', 'PUT', `${LIST}/${id}`, body)).statusCode).toBe(403);
    expect((await demo.call('manager2@demo.test', 'PUT', `${LIST}/${id}`, body)).statusCode).toBe(404);
    expect((await demo.call(null, 'PUT', `${LIST}/${id}`, body)).statusCode).toBe(401);
  });
});

const controllerOfGroup = async (name: string) => (await demo.group(name)).computerControllerId;

describe('DELETE /api/v1/controller/computer/{id}', () => {
  it('lets an administrator delete an unused controller', async () => {
    const id = await spareOf('B', 'Gateway dismesso');
    expect((await demo.call('manager2@demo.test', 'DELETE', `${LIST}/${id}`)).statusCode).toBe(403);
    expect((await demo.call('manager@demo.test', 'DELETE', `${LIST}/${id}`)).statusCode).toBe(404);
    expect((await demo.call(null, 'DELETE', `${LIST}/${id}`)).statusCode).toBe(401);
    const response = await demo.call(ADMIN, 'DELETE', `${LIST}/${id}`);
    expect(response.statusCode).toBe(204);
    expect((await demo.call(ADMIN, 'GET', `${LIST}/${id}`)).statusCode).toBe(404);
  });

  it('answers 409 while a machine group uses it, and deletes nothing', async () => {
    const id = await controllerOfGroup('RatRig produzione');
    const response = await demo.call(ADMIN, 'DELETE', `${LIST}/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('machine group'),
    });
    expect((await demo.call(ADMIN, 'GET', `${LIST}/${id}`)).statusCode).toBe(200);
    expect((await demo.call(ADMIN, 'DELETE', `${LIST}/0`)).statusCode).toBe(400);
  });
});

describe('POST /api/v1/controller/computer/{id}/key', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  it('answers a new key once, stores only its hash, and the previous key stops working', async () => {
    const id = await controllerOfGroup('Cella pallet B');
    const controllers = t.modules.controllers.service;
    expect(await controllers.verifyGatewayKey(id, 'anything')).toBe(false);

    const first = await demo.call(ADMIN, 'POST', `${LIST}/${id}/key`);
    expect(first.statusCode).toBe(201);
    const { key } = first.json<{ key: string }>();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await demo.controller(id);
    expect(stored.keyHash).toBe(sha256(key));
    expect(stored.keyCreatedAt?.toISOString()).toBe(t.clock.now().toISOString());

    const shown = await demo.call(ADMIN, 'GET', `${LIST}/${id}?include_license=true`);
    expect(shown.json()).toMatchObject({ keyCreatedAt: t.clock.now().toISOString() });
    expect(shown.body).not.toContain(key);
    expect(shown.body).not.toContain(stored.keyHash);
    expect(await controllers.verifyGatewayKey(id, key)).toBe(true);
    expect(await controllers.verifyGatewayKey(id + 1, key)).toBe(false);

    t.clock.advance(60_000);
    const second = (await demo.call(ADMIN, 'POST', `${LIST}/${id}/key`)).json<{ key: string }>().key;
    expect(second).not.toBe(key);
    expect(await controllers.verifyGatewayKey(id, key)).toBe(false);
    expect(await controllers.verifyGatewayKey(id, second)).toBe(true);
    expect((await demo.controller(id)).keyCreatedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });

  it('refuses everyone but administrators: 403 to a manager of its business, 404 to others, 401 without session', async () => {
    const id = await controllerOfGroup('Prusa linea 1');
    expect((await demo.call('manager@demo.test', 'POST', `${LIST}/${id}/key`)).statusCode).toBe(403);
    expect((await demo.call('customer@demo.test', 'POST', `${LIST}/${id}/key`)).statusCode).toBe(403);
    expect((await demo.call('manager2@demo.test', 'POST', `${LIST}/${id}/key`)).statusCode).toBe(404);
    expect((await demo.call(null, 'POST', `${LIST}/${id}/key`)).statusCode).toBe(401);
    expect((await demo.call(ADMIN, 'POST', `${LIST}/abc/key`)).statusCode).toBe(400);
    expect((await demo.controller(id)).keyHash).toBeNull();
  });
});
