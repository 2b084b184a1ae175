import type { Business } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';

const t = useTestApp();
let businessA: number;
let businessB: number;
beforeAll(async () => {
  businessA = await t.businessOf('customer@demo.test');
  businessB = await t.businessOf('customer2@demo.test');
});

const call = t.call;

describe('GET /api/v1/business/{id}', () => {
  it('returns the own business to any of its users', async () => {
    const response = await call('customer@demo.test', 'GET', `/api/v1/business/${businessA}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: businessA,
      name: 'Officine Adriatiche S.p.A.',
      active: true,
      cap: 35100,
    });
  });

  it('lets an administrator see any business', async () => {
    const response = await call('admin@demo.test', 'GET', `/api/v1/business/${businessB}`);
    expect(response.json().name).toBe('Brenta Prototipi S.r.l.');
  });

  it('answers 404 for another business, exactly as for a missing one', async () => {
    const other = await call('manager@demo.test', 'GET', `/api/v1/business/${businessB}`);
    const missing = await call('manager@demo.test', 'GET', '/api/v1/business/999999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
  });

  it('answers 400 for an id that is not a positive number', async () => {
    const response = await call('customer@demo.test', 'GET', '/api/v1/business/-3');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: { id: [expect.any(String)] },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await call(null, 'GET', '/api/v1/business/1')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/business', () => {
  it('pages through every business for an administrator, sorted and filtered', async () => {
    const all = await call('admin@demo.test', 'GET', '/api/v1/business?sort=name&order=desc&pageSize=200');
    expect(all.statusCode).toBe(200);
    const names = all.json().items.map((item: Business) => item.name);
    expect(names).toEqual(expect.arrayContaining(['Officine Adriatiche S.p.A.', 'Brenta Prototipi S.r.l.']));
    expect(names).toEqual([...names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    expect(all.json().total).toBe(names.length);

    const second = await call('admin@demo.test', 'GET', '/api/v1/business?sort=id&pageSize=1&page=2');
    expect(second.json()).toMatchObject({ page: 2, pageSize: 1, total: names.length });
    expect(second.json().items).toHaveLength(1);

    const filtered = await call('admin@demo.test', 'GET', '/api/v1/business?q=dolo');
    expect(filtered.json()).toMatchObject({ total: 1, items: [{ id: businessB }] });
  });

  it('takes LIKE wildcards in the filter literally', async () => {
    const response = await call('admin@demo.test', 'GET', '/api/v1/business?q=%25');
    expect(response.json().total).toBe(0);
  });

  it('answers everyone else a page holding only their own business', async () => {
    for (const [viewer, business] of [
      ['manager@demo.test', businessA],
      ['customer2@demo.test', businessB],
    ] as const) {
      const response = await call(viewer, 'GET', '/api/v1/business');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ total: 1, page: 1, items: [{ id: business }] });
    }
  });

  it('answers 400 with field codes for a bad page query', async () => {
    const response = await call('admin@demo.test', 'GET', '/api/v1/business?pageSize=0&sort=email');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ pageSize: ['tooSmall'], sort: ['invalidChoice'] });
  });

  it('answers 401 without a session', async () => {
    expect((await call(null, 'GET', '/api/v1/business')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/business', () => {
  it('creates an active business for an administrator', async () => {
    const response = await call('admin@demo.test', 'POST', '/api/v1/business', { name: '  Nuova S.r.l. ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Nuova S.r.l.', active: true, street: '', cap: 0 });
    const read = await call('admin@demo.test', 'GET', `/api/v1/business/${response.json().id}`);
    expect(read.json()).toEqual(response.json());
  });

  it('answers 400 with the field code of an empty or too long name', async () => {
    const empty = await call('admin@demo.test', 'POST', '/api/v1/business', { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ name: ['required'] });
    const long = await call('admin@demo.test', 'POST', '/api/v1/business', { name: 'x'.repeat(201) });
    expect(long.json().fields).toEqual({ name: ['tooLong'] });
  });

  it('answers 400, not a failed write, for a name holding the NUL character', async () => {
    const response = await call('admin@demo.test', 'POST', '/api/v1/business', { name: 'Nul\u0000 S.r.l.' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: ['invalidFormat'] });
    const filter = await call('admin@demo.test', 'GET', '/api/v1/business?q=a%00b');
    expect(filter.json().fields).toEqual({ q: ['invalidFormat'] });
  });

  it('refuses everyone but administrators with 403', async () => {
    for (const viewer of ['manager@demo.test', 'tech@demo.test', 'customer@demo.test']) {
      const response = await call(viewer, 'POST', '/api/v1/business', { name: 'Intrusa S.r.l.' });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await call(null, 'POST', '/api/v1/business', { name: 'Anonima' })).statusCode).toBe(401);
  });
});
