import { isLicenseExpired, LICENSE_YEAR_MS, type License } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { useLicenceFixtures } from '../../test/licence-fixtures.ts';

const t = useTestApp();
const licensing = useLicenceFixtures(t);
const { insertLicense, insertController } = licensing;

const call = t.call;

describe('GET /api/v1/licenses', () => {
  it('pages through every licence for an administrator, with the controller name when asked', async () => {
    const own = await insertLicense(licensing.businessA);
    const other = await insertLicense(licensing.businessB);
    const controller = await insertController(licensing.businessB, 'Router Dolo', other);
    const response = await call(
      'admin@demo.test',
      'GET',
      '/api/v1/licenses?include_computer=true&pageSize=200',
    );
    expect(response.statusCode).toBe(200);
    const items: License[] = response.json().items;
    expect(items.find((item) => item.id === other)).toEqual({
      id: other,
      business: licensing.businessB,
      expiry: LICENSE_YEAR_MS,
      activation: null,
      computer: controller,
      computerName: 'Router Dolo',
    });
    expect(items.find((item) => item.id === own)).toMatchObject({ computer: null, computerName: null });
    const plain = await call('admin@demo.test', 'GET', `/api/v1/licenses?q=%23${other}`);
    expect(plain.json()).toMatchObject({ total: 1, items: [{ id: other, computer: controller }] });
    expect(plain.json().items[0]).not.toHaveProperty('computerName');
  });

  it('shows everyone else only their business’s licences', async () => {
    await insertLicense(licensing.businessA);
    await insertLicense(licensing.businessB);
    for (const [viewer, business] of [
      ['manager@demo.test', licensing.businessA],
      ['customer@demo.test', licensing.businessA],
      ['customer2@demo.test', licensing.businessB],
    ] as const) {
      const response = await call(viewer, 'GET', '/api/v1/licenses?pageSize=200');
      const businesses = new Set(response.json().items.map((item: License) => item.business));
      expect([...businesses]).toEqual([business]);
      expect(response.json().total).toBe(response.json().items.length);
    }
  });

  it('sorts by expiry with ties broken by id in the same direction', async () => {
    const response = await call(
      'admin@demo.test',
      'GET',
      '/api/v1/licenses?sort=expiry&order=desc&pageSize=200',
    );
    const keys = response.json().items.map((item: License) => [item.expiry, item.id]);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
  });

  it('answers 400 with field codes for a bad query, 401 without a session', async () => {
    const response = await call(
      'admin@demo.test',
      'GET',
      '/api/v1/licenses?include_computer=yes&sort=computer',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ include_computer: ['invalidChoice'], sort: ['invalidChoice'] });
    expect((await call(null, 'GET', '/api/v1/licenses')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/business/{id}/licenses', () => {
  it('lists one business’s licences to its users and to administrators', async () => {
    const license = await insertLicense(licensing.businessB);
    for (const viewer of ['admin@demo.test', 'manager2@demo.test']) {
      const response = await call(
        viewer,
        'GET',
        `/api/v1/business/${licensing.businessB}/licenses?include_computer=true`,
      );
      expect(response.statusCode).toBe(200);
      const items: License[] = response.json().items;
      expect(items.every((item) => item.business === licensing.businessB)).toBe(true);
      expect(items.find((item) => item.id === license)).toMatchObject({ computerName: null });
    }
  });

  it('answers 404 for another business, exactly as for a missing one', async () => {
    const other = await call('manager@demo.test', 'GET', `/api/v1/business/${licensing.businessB}/licenses`);
    const missing = await call('admin@demo.test', 'GET', '/api/v1/business/999999/licenses');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    expect((await call('admin@demo.test', 'GET', '/api/v1/business/0/licenses')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/v1/business/${licensing.businessA}/licenses`)).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/v1/licenses/{id}', () => {
  it('returns a licence of the viewer’s business', async () => {
    const activation = new Date('2026-01-01T00:00:00Z');
    const id = await insertLicense(licensing.businessA, { expiryMs: 1000, activation });
    const response = await call('customer@demo.test', 'GET', `/api/v1/licenses/${id}?include_computer=true`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      business: licensing.businessA,
      expiry: 1000,
      activation: activation.getTime(),
      computer: null,
      computerName: null,
    });
  });

  it('answers 404 for another business’s licence, exactly as for a missing one', async () => {
    const id = await insertLicense(licensing.businessB);
    const other = await call('customer@demo.test', 'GET', `/api/v1/licenses/${id}`);
    const missing = await call('customer@demo.test', 'GET', '/api/v1/licenses/999999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('answers 400 for a malformed id and 401 without a session', async () => {
    expect((await call('admin@demo.test', 'GET', '/api/v1/licenses/abc')).json().fields).toEqual({
      id: ['invalidFormat'],
    });
    expect((await call(null, 'GET', '/api/v1/licenses/1')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/licenses', () => {
  it('creates a licence that is not activated, hence expired, for an administrator', async () => {
    const response = await call('admin@demo.test', 'POST', '/api/v1/licenses', {
      business: licensing.businessA,
      expiry: LICENSE_YEAR_MS,
    });
    expect(response.statusCode).toBe(201);
    const license: License = response.json();
    expect(license).toMatchObject({
      business: licensing.businessA,
      expiry: LICENSE_YEAR_MS,
      activation: null,
      computer: null,
    });
    expect(isLicenseExpired(license, t.clock.now().getTime())).toBe(true);
    expect((await call('admin@demo.test', 'GET', `/api/v1/licenses/${license.id}`)).json()).toEqual(license);
  });

  it('answers 400 invalidBusiness for a business that does not exist', async () => {
    const response = await call('admin@demo.test', 'POST', '/api/v1/licenses', {
      business: 999999,
      expiry: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: { business: ['Invalid business selected'] },
      fields: { business: ['invalidBusiness'] },
    });
  });

  it('answers 400 with field codes for a bad body', async () => {
    const response = await call('admin@demo.test', 'POST', '/api/v1/licenses', { business: 0, expiry: 0 });
    expect(response.json().fields).toEqual({ business: ['tooSmall'], expiry: ['tooSmall'] });
  });

  it('refuses everyone but administrators with 403, and answers 401 without a session', async () => {
    const body = { business: licensing.businessA, expiry: LICENSE_YEAR_MS };
    for (const viewer of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test']) {
      expect((await call(viewer, 'POST', '/api/v1/licenses', body)).statusCode).toBe(403);
    }
    expect((await call(null, 'POST', '/api/v1/licenses', body)).statusCode).toBe(401);
  });
});
