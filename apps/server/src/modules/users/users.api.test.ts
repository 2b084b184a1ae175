import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { useTestApp } from '../../test/api-test.ts';
import { bearer } from '../../test/test-app.ts';
import { usersApi } from './users.test-support.ts';

const t = useTestApp();
let api: ReturnType<typeof usersApi>;
beforeAll(async () => {
  api = usersApi(t);
});

const getUser = async (viewer: string, id: number | string) =>
  t.app.inject({ url: `/api/v1/users/${id}`, headers: bearer(await t.tokenFor(viewer)) });

describe('GET /api/v1/users/{id}', () => {
  it('returns the current user with the fields of docs/product.md §3 and no secrets', async () => {
    const id = await t.idOf('customer@demo.test');
    const response = await getUser('customer@demo.test', id);
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'business',
        'createdAt',
        'email',
        'enabled',
        'id',
        'lastPasswordChange',
        'name',
        'role',
        'surname',
      ].sort(),
    );
    expect(user).toMatchObject({
      id,
      email: 'customer@demo.test',
      name: 'Carlo',
      surname: 'Cliente',
      role: 3,
    });
  });

  it('lets a manager see the users of their own business', async () => {
    const response = await getUser('manager@demo.test', await t.idOf('tech@demo.test'));
    expect(response.statusCode).toBe(200);
  });

  it('lets an administrator see users of every business', async () => {
    expect((await getUser('admin@demo.test', await t.idOf('customer2@demo.test'))).statusCode).toBe(200);
  });

  it('answers 404 for a user of another business, exactly as for a missing user', async () => {
    const other = await getUser('manager2@demo.test', await t.idOf('customer@demo.test'));
    const missing = await getUser('manager2@demo.test', 999_999);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Not Found' });
  });

  it('answers 404 when a customer or technician asks for a colleague', async () => {
    expect((await getUser('customer@demo.test', await t.idOf('tech@demo.test'))).statusCode).toBe(404);
    expect((await getUser('tech@demo.test', await t.idOf('customer@demo.test'))).statusCode).toBe(404);
  });

  it('answers 400 with the field message for an id that is not a positive number', async () => {
    const response = await getUser('customer@demo.test', 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: { id: [expect.any(String)] },
    });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/api/v1/users/1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
    });
  });
});

interface ListedUser {
  id: number;
  email: string;
  business: number;
}
interface UserPage {
  items: ListedUser[];
  total: number;
  page: number;
  pageSize: number;
}

const list = async (viewer: string | null, query = '') => api.call(viewer, 'GET', `/api/v1/users${query}`);
const listed = async (viewer: string, query = '') => (await list(viewer, query)).json<UserPage>();
/** The users of the database matching `where`, ids ascending: what a list must find, whatever the demo holds. */
const idsWhere = async (where?: SQL) =>
  (await t.database.db.select({ id: users.id }).from(users).where(where).orderBy(users.id)).map(
    (row) => row.id,
  );

describe('GET /api/v1/users', () => {
  it('gives administrators every business, one page at a time, in a stable order', async () => {
    const all = await idsWhere();
    const first = await listed('admin@demo.test', '?pageSize=2');
    expect(first).toMatchObject({ total: all.length, page: 1, pageSize: 2 });
    expect(first.items.map((user) => user.id)).toEqual(all.slice(0, 2));
    const second = await listed('admin@demo.test', '?pageSize=2&page=2');
    expect(second.items.map((user) => user.id)).toEqual(all.slice(2, 4));
    expect(Object.keys(first.items[0] ?? {})).not.toContain('passwordHash');
  });

  it('still counts every user on a page past the end, which has no row to carry the total', async () => {
    const all = await idsWhere();
    expect(await listed('admin@demo.test', '?pageSize=2&page=999')).toEqual({
      items: [],
      total: all.length,
      page: 999,
      pageSize: 2,
    });
  });

  it('lets administrators choose one business', async () => {
    const b = await api.businessId('b');
    const page = await listed('admin@demo.test', `?business=${b}&pageSize=200`);
    expect(page.items.map((user) => user.id)).toEqual(await idsWhere(eq(users.businessId, b)));
    expect(page.items.map((user) => user.email)).toContain('customer2@demo.test');
  });

  it('confines managers to their own business; another business finds nobody', async () => {
    const a = await api.businessId('a');
    const own = await listed('manager@demo.test', '?pageSize=200');
    expect(own.items.map((user) => user.id)).toEqual(await idsWhere(eq(users.businessId, a)));
    expect(own.items.every((user) => user.business === a)).toBe(true);
    const other = await list('manager@demo.test', `?business=${await api.businessId('b')}`);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ items: [], total: 0 });
  });

  it('filters on email, name and surname, ignoring case, within what the viewer sees', async () => {
    const pattern = '%cliente%';
    const matching = or(
      ilike(users.email, pattern),
      ilike(users.name, pattern),
      ilike(users.surname, pattern),
    );
    const admin = await listed('admin@demo.test', '?q=CLIENTE&pageSize=200');
    expect(admin.items.map((user) => user.id)).toEqual(await idsWhere(matching));
    expect(admin.items.map((user) => user.email)).toEqual(
      expect.arrayContaining(['customer@demo.test', 'customer2@demo.test']),
    );
    const manager = await listed('manager@demo.test', '?q=cliente&pageSize=200');
    const a = await api.businessId('a');
    expect(manager.items.map((user) => user.id)).toEqual(
      await idsWhere(and(matching, eq(users.businessId, a))),
    );
    expect(manager.items.map((user) => user.email)).not.toContain('customer2@demo.test');
  });

  it('takes the wildcards of LIKE in the filter literally', async () => {
    expect(await listed('admin@demo.test', '?q=%25')).toMatchObject({ items: [], total: 0 });
    expect(await listed('admin@demo.test', '?q=_')).toMatchObject({ items: [], total: 0 });
  });

  it('answers 400, never a 500, for a filter with a NUL character', async () => {
    const response = await list('admin@demo.test', '?q=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { q: ['invalidFormat'] } });
  });

  it('sorts on a column of its own, either way', async () => {
    const page = await listed('admin@demo.test', '?sort=email&order=desc&pageSize=200');
    // The database's collation decides the order of text, so the expectation asks the database.
    const expected = await t.database.db
      .select({ email: users.email })
      .from(users)
      .orderBy(desc(users.email), users.id);
    expect(page.items.map((user) => user.email)).toEqual(expected.map((row) => row.email));
    expect(page.items[0]?.email).not.toBe(expected.at(-1)?.email);
  });

  it('answers 400 for a sort column it does not have or a page size beyond the limit', async () => {
    const response = await list('admin@demo.test', '?sort=passwordHash&pageSize=1000');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: { sort: [expect.any(String)], pageSize: [expect.any(String)] },
      fields: { sort: ['invalidChoice'], pageSize: ['tooLarge'] },
    });
  });

  it('refuses technicians and customers with 403', async () => {
    for (const viewer of ['tech@demo.test', 'customer@demo.test']) {
      const response = await list(viewer);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('answers 401 without a session', async () => {
    expect((await list(null)).statusCode).toBe(401);
  });
});
