import { isLicenseExpired, LICENSE_YEAR_MS, type License } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { computerControllers } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { useLicenceFixtures } from '../../test/licence-fixtures.ts';

const t = useTestApp();
const licensing = useLicenceFixtures(t);
const { insertLicense, insertController } = licensing;

const call = t.call;

const boundLicenseOf = async (controller: number) =>
  (await t.database.db.select().from(computerControllers).where(eq(computerControllers.id, controller)))[0]
    ?.licenseId;

describe('PUT /api/v1/licenses/{id}', () => {
  it('changes expiry, activation and business for an administrator', async () => {
    const id = await insertLicense(licensing.businessA);
    const activation = Date.UTC(2026, 0, 1);
    const response = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}`, {
      expiry: 2 * LICENSE_YEAR_MS,
      business: licensing.businessB,
      activation,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      business: licensing.businessB,
      expiry: 2 * LICENSE_YEAR_MS,
      activation,
      computer: null,
    });
    const cleared = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}`, {
      expiry: 1,
      business: licensing.businessB,
      activation: null,
    });
    expect(cleared.json()).toMatchObject({ activation: null, expiry: 1 });
  });

  it('refuses with 409 to move a bound licence to another business', async () => {
    const id = await insertLicense(licensing.businessA, { activation: new Date() });
    await insertController(licensing.businessA, 'Router Padova', id);
    const response = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}`, {
      expiry: LICENSE_YEAR_MS,
      business: licensing.businessB,
      activation: null,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/bound to computer controller "Router Padova"/);
    expect((await call('admin@demo.test', 'GET', `/api/v1/licenses/${id}`)).json().business).toBe(
      licensing.businessA,
    );
  });

  it('answers 400 for a missing business or a bad body', async () => {
    const id = await insertLicense(licensing.businessA);
    const missing = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}`, {
      expiry: 1,
      business: 999999,
      activation: null,
    });
    expect(missing.json().fields).toEqual({ business: ['invalidBusiness'] });
    const bad = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}`, { expiry: 1.5, business: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ expiry: ['invalidType'], activation: ['required'] });
    const beyondDates = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}`, {
      expiry: 1,
      business: licensing.businessA,
      activation: 9e15,
    });
    expect(beyondDates.json().fields).toEqual({ activation: ['tooLarge'] });
  });

  it('refuses a manager their own licence with 403 and hides another business’s with 404', async () => {
    const body = { expiry: 1, business: licensing.businessA, activation: null };
    const own = await insertLicense(licensing.businessA);
    expect((await call('manager@demo.test', 'PUT', `/api/v1/licenses/${own}`, body)).statusCode).toBe(403);
    const other = await insertLicense(licensing.businessB);
    expect((await call('manager@demo.test', 'PUT', `/api/v1/licenses/${other}`, body)).statusCode).toBe(404);
    expect((await call(null, 'PUT', `/api/v1/licenses/${own}`, body)).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/licenses/{id}', () => {
  it('deletes an unbound licence', async () => {
    const id = await insertLicense(licensing.businessA);
    expect((await call('admin@demo.test', 'DELETE', `/api/v1/licenses/${id}`)).statusCode).toBe(204);
    expect((await call('admin@demo.test', 'GET', `/api/v1/licenses/${id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 to delete a licence bound to a controller, which keeps it', async () => {
    const id = await insertLicense(licensing.businessA, { activation: new Date() });
    const controller = await insertController(licensing.businessA, 'Router Vincolato', id);
    const response = await call('admin@demo.test', 'DELETE', `/api/v1/licenses/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      message: `Licence #${id} is bound to computer controller "Router Vincolato"; unbind it first`,
    });
    expect(await boundLicenseOf(controller)).toBe(id);
  });

  it('answers 403 to a manager, 404 across businesses, 400 for a bad id and 401 without a session', async () => {
    const own = await insertLicense(licensing.businessA);
    const other = await insertLicense(licensing.businessB);
    expect((await call('manager@demo.test', 'DELETE', `/api/v1/licenses/${own}`)).statusCode).toBe(403);
    expect((await call('manager@demo.test', 'DELETE', `/api/v1/licenses/${other}`)).statusCode).toBe(404);
    expect((await call('admin@demo.test', 'DELETE', '/api/v1/licenses/01')).statusCode).toBe(400);
    expect((await call(null, 'DELETE', `/api/v1/licenses/${own}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/licenses/{id}/activate', () => {
  it('starts a licence now and binds it to the controller, whose previous licence is unbound', async () => {
    const previous = await insertLicense(licensing.businessA, {
      activation: new Date('2025-01-01T00:00:00Z'),
    });
    const controller = await insertController(licensing.businessA, 'Router Attivazione', previous);
    const id = await insertLicense(licensing.businessA);
    const response = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}/activate`, {
      computer: controller,
    });
    expect(response.statusCode).toBe(200);
    const license: License = response.json();
    expect(license).toMatchObject({ id, computer: controller, activation: t.clock.now().getTime() });
    expect(isLicenseExpired(license, t.clock.now().getTime())).toBe(false);
    expect(await boundLicenseOf(controller)).toBe(id);
    expect((await call('admin@demo.test', 'GET', `/api/v1/licenses/${previous}`)).json().computer).toBeNull();
  });

  it('keeps the start of an activated licence moved to another controller, which takes it over', async () => {
    const activation = new Date('2026-06-01T00:00:00Z');
    const id = await insertLicense(licensing.businessA, { activation });
    const first = await insertController(licensing.businessA, 'Router Vecchio', id);
    const second = await insertController(licensing.businessA, 'Router Nuovo');
    const response = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}/activate`, {
      computer: second,
    });
    expect(response.json()).toMatchObject({ computer: second, activation: activation.getTime() });
    expect(await boundLicenseOf(first)).toBeNull();
    expect(await boundLicenseOf(second)).toBe(id);
  });

  it('answers 400 for a controller of another business or one that does not exist', async () => {
    const id = await insertLicense(licensing.businessA);
    const foreign = await insertController(licensing.businessB, 'Router Altrui');
    for (const computer of [foreign, 999999]) {
      const response = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}/activate`, { computer });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ computer: ['invalidChoice'] });
    }
    expect(await boundLicenseOf(foreign)).toBeNull();
    expect((await call('admin@demo.test', 'GET', `/api/v1/licenses/${id}`)).json().activation).toBeNull();
    const bad = await call('admin@demo.test', 'PUT', `/api/v1/licenses/${id}/activate`, {});
    expect(bad.json().fields).toEqual({ computer: ['required'] });
  });

  it('answers 403 to a manager, 404 across businesses and 401 without a session', async () => {
    const own = await insertLicense(licensing.businessA);
    const controller = await insertController(licensing.businessA, 'Router Manager');
    const other = await insertLicense(licensing.businessB);
    const body = { computer: controller };
    expect(
      (await call('manager@demo.test', 'PUT', `/api/v1/licenses/${own}/activate`, body)).statusCode,
    ).toBe(403);
    expect(
      (await call('manager@demo.test', 'PUT', `/api/v1/licenses/${other}/activate`, body)).statusCode,
    ).toBe(404);
    expect((await call(null, 'PUT', `/api/v1/licenses/${own}/activate`, body)).statusCode).toBe(401);
    expect(await boundLicenseOf(controller)).toBeNull();
  });
});
