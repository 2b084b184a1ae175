import { type Business, Role } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { computerControllers, computerTypes, licenses, users } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../demo/demo-fleet.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';

const t = useTestApp();
let businessA: number;
let businessB: number;
let operator: number;
beforeAll(async () => {
  businessA = await t.businessOf('customer@demo.test');
  businessB = await t.businessOf('customer2@demo.test');
  operator = await t.businessOf('admin@demo.test');
});

const call = t.call;

const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { email, password: DEMO_PASSWORD } });

/** A business of its own for a test that changes or deletes it. */
async function newBusiness(name: string): Promise<Business> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/business',
    payload: { name },
    headers: bearer(await t.tokenFor('admin@demo.test')),
  });
  return response.json<Business>();
}

async function insertUser(business: number, email: string, role: Role) {
  const passwordHash = await t.modules.auth.hasher.hash(DEMO_PASSWORD);
  await t.database.db.insert(users).values({ businessId: business, email, name: 'Test', role, passwordHash });
}

describe('PUT /api/v1/business/{id}', () => {
  it('changes name and address for an administrator, leaving absent fields as they are', async () => {
    const { id } = await newBusiness('Da Cambiare S.r.l.');
    const address = { street: 'Via Po 1', cap: 10123, city: 'Torino', province: 'TO', country: 'Italia' };
    const first = await call('admin@demo.test', 'PUT', `/api/v1/business/${id}`, {
      name: 'Cambiata S.r.l.',
      ...address,
      email: 'Info@Cambiata.TEST',
      phone: '+39 011 000',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Cambiata S.r.l.', ...address, email: 'info@cambiata.test' });

    const second = await call('admin@demo.test', 'PUT', `/api/v1/business/${id}`, { phone: '' });
    expect(second.json()).toMatchObject({ name: 'Cambiata S.r.l.', ...address, phone: '' });
  });

  it('answers 400 with field codes for out-of-bounds values', async () => {
    const response = await call('admin@demo.test', 'PUT', `/api/v1/business/${businessA}`, {
      cap: 100000,
      email: 'not-an-email',
      name: '',
      active: 'no',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      cap: ['tooLarge'],
      email: ['email'],
      name: ['required'],
      active: ['invalidType'],
    });
  });

  it('refuses a manager their own business with 403 and hides another with 404', async () => {
    const own = await call('manager@demo.test', 'PUT', `/api/v1/business/${businessA}`, { name: 'Mia' });
    expect(own.statusCode).toBe(403);
    const other = await call('manager@demo.test', 'PUT', `/api/v1/business/${businessB}`, { name: 'Tua' });
    expect(other.statusCode).toBe(404);
    const after = await call('admin@demo.test', 'GET', `/api/v1/business/${businessA}`);
    expect(after.json().name).toBe('Officine Adriatiche S.p.A.');
  });

  it('refuses to suspend the operator business with 409', async () => {
    const response = await call('admin@demo.test', 'PUT', `/api/v1/business/${operator}`, { active: false });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'The operator business cannot be suspended',
    });
    expect((await call('admin@demo.test', 'GET', `/api/v1/business/${operator}`)).json().active).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await call(null, 'PUT', `/api/v1/business/${businessA}`, { name: 'X' })).statusCode).toBe(401);
  });
});

describe('suspending a business', () => {
  it('keeps its users out, ends nothing for its administrators, and lets them back in once reactivated', async () => {
    const { id } = await newBusiness('Sospesa S.r.l.');
    await insertUser(id, 'cliente@sospesa.test', Role.Customer);
    await insertUser(id, 'admin@sospesa.test', Role.Administrator);
    const customerToken = await t.tokenFor('cliente@sospesa.test');
    const adminToken = await t.tokenFor('admin@sospesa.test');
    const ownBusiness = (token: string) =>
      t.app.inject({ url: `/api/v1/business/${id}`, headers: bearer(token) });
    expect((await ownBusiness(customerToken)).statusCode).toBe(200);

    const suspended = await call('admin@demo.test', 'PUT', `/api/v1/business/${id}`, { active: false });
    expect(suspended.json()).toMatchObject({ id, active: false, name: 'Sospesa S.r.l.' });

    const live = await ownBusiness(customerToken);
    expect(live.statusCode).toBe(403);
    expect(live.json().code).toBe('BUSINESS_SUSPENDED');
    const refusedLogin = await login('cliente@sospesa.test');
    expect(refusedLogin.statusCode).toBe(403);
    expect(refusedLogin.json().code).toBe('BUSINESS_SUSPENDED');
    expect((await ownBusiness(adminToken)).statusCode).toBe(200);
    expect((await login('admin@sospesa.test')).statusCode).toBe(200);

    const reactivated = await call('admin@demo.test', 'PUT', `/api/v1/business/${id}`, { active: true });
    expect(reactivated.json().active).toBe(true);
    const again = await login('cliente@sospesa.test');
    expect(again.statusCode).toBe(200);
    expect((await ownBusiness(again.json().access_token)).statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/business/{id}', () => {
  it('deletes a business nothing refers to', async () => {
    const { id } = await newBusiness('Da Eliminare S.r.l.');
    const response = await call('admin@demo.test', 'DELETE', `/api/v1/business/${id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('admin@demo.test', 'GET', `/api/v1/business/${id}`)).statusCode).toBe(404);
    expect((await call('admin@demo.test', 'DELETE', `/api/v1/business/${id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 while users refer to it, and deletes nothing', async () => {
    const { id } = await newBusiness('Con Utenti S.r.l.');
    await insertUser(id, 'primo@con-utenti.test', Role.Customer);
    await insertUser(id, 'secondo@con-utenti.test', Role.Manager);
    const response = await call('admin@demo.test', 'DELETE', `/api/v1/business/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'The business cannot be deleted while it has 2 users; delete or move them first',
    });
    expect((await call('admin@demo.test', 'GET', `/api/v1/business/${id}`)).statusCode).toBe(200);
    // The demo business B, with its fleet, is kept as well.
    expect((await call('admin@demo.test', 'DELETE', `/api/v1/business/${businessB}`)).statusCode).toBe(409);
    expect((await call('admin@demo.test', 'GET', `/api/v1/business/${businessB}`)).statusCode).toBe(200);
  });

  it('names licenses and computer controllers that keep it', async () => {
    const { id } = await newBusiness('Con Licenze S.r.l.');
    const db = t.database.db;
    const [type] = await db.insert(computerTypes).values({ name: 'Raspberry Pi' }).returning();
    const [license] = await db.insert(licenses).values({ businessId: id, expiryMs: 1000 }).returning();
    await db.insert(licenses).values({ businessId: id, expiryMs: 1000 });
    await db
      .insert(computerControllers)
      .values({ name: 'Router', typeId: type?.id ?? 0, businessId: id, licenseId: license?.id ?? null });
    const response = await call('admin@demo.test', 'DELETE', `/api/v1/business/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'The business cannot be deleted while it has 2 licenses and 1 computer controller; delete or move them first',
    );
  });

  it('never deletes the operator business', async () => {
    const response = await call('admin@demo.test', 'DELETE', `/api/v1/business/${operator}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The operator business cannot be deleted');
  });

  it('refuses a manager their own business with 403 and hides another with 404', async () => {
    expect((await call('manager@demo.test', 'DELETE', `/api/v1/business/${businessA}`)).statusCode).toBe(403);
    expect((await call('manager@demo.test', 'DELETE', `/api/v1/business/${businessB}`)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    const malformed = await call('admin@demo.test', 'DELETE', '/api/v1/business/1e3');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({ id: ['invalidFormat'] });
    expect((await call(null, 'DELETE', `/api/v1/business/${businessA}`)).statusCode).toBe(401);
  });
});
