import { CREATE_USER_MESSAGES, Role } from '@portal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/api-test.ts';
import { usersApi } from './users.test-support.ts';

const t = useTestApp();
let api: ReturnType<typeof usersApi>;
beforeAll(async () => {
  api = usersApi(t);
});

const PASSWORD = 'Nuova-Password1';
let created = 0;

/** A valid creation body for `business`, with `changes` over it. */
const bodyFor = (business: number, changes: Record<string, unknown> = {}) => ({
  business,
  email: `new-${++created}@users.test`,
  name: 'Nadia',
  surname: 'Nuova',
  password: PASSWORD,
  role: Role.Customer,
  ...changes,
});
const create = (viewer: string | null, body: unknown) => api.call(viewer, 'POST', '/api/v1/users', body);

/** A 400 naming `field` with the given code and exact message. */
const expectFieldError = (
  response: Awaited<ReturnType<typeof create>>,
  field: string,
  code: string,
  message: string,
) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: { [field]: [message] },
    fields: { [field]: [code] },
  });
};

describe('POST /api/v1/users', () => {
  it('lets an administrator create a user in any business, who can then log in', async () => {
    const b = await api.businessId('b');
    const body = bodyFor(b, { email: 'Nadia.Nuova@Users.Test', role: Role.Manager, surname: '' });
    const response = await create('admin@demo.test', body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'nadia.nuova@users.test',
      name: 'Nadia',
      surname: '',
      role: Role.Manager,
      enabled: true,
      business: b,
      lastPasswordChange: null,
    });
    expect(Object.keys(response.json())).not.toContain('passwordHash');
    const login = await api.call(null, 'POST', '/api/v1/auth', {
      email: 'nadia.nuova@users.test',
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets a manager create technicians and customers in their own business, disabled if asked', async () => {
    const a = await api.businessId('a');
    const tech = await create('manager@demo.test', bodyFor(a, { role: Role.Technician, enabled: false }));
    expect(tech.statusCode).toBe(201);
    expect(tech.json()).toMatchObject({ role: Role.Technician, business: a, enabled: false });
    expect((await create('manager@demo.test', bodyFor(a))).statusCode).toBe(201);
  });

  it("refuses a manager another business: 'Please select a valid business value'", async () => {
    const response = await create('manager@demo.test', bodyFor(await api.businessId('b')));
    expectFieldError(response, 'business', 'invalidBusiness', CREATE_USER_MESSAGES.invalidBusiness.body);
  });

  it('refuses a business of 0 or one that does not exist with the same message', async () => {
    for (const business of [0, 999_999]) {
      const response = await create('admin@demo.test', bodyFor(business));
      expectFieldError(response, 'business', 'invalidBusiness', 'Please select a valid business value');
    }
  });

  it("refuses a role of the creator's rank or higher: 'Please select a valid role'", async () => {
    const a = await api.businessId('a');
    for (const [creator, role] of [
      ['manager@demo.test', Role.Manager],
      ['manager@demo.test', Role.Administrator],
      ['admin@demo.test', Role.Administrator],
    ] as const) {
      const response = await create(creator, bodyFor(a, { role }));
      expectFieldError(response, 'role', 'invalidRole', CREATE_USER_MESSAGES.invalidRole.body);
    }
  });

  it("takes exactly the payload of docs/product.md §3: no repeated password, and one sent is not the API's business", async () => {
    const business = await api.businessId('a');
    const plain = await create('admin@demo.test', bodyFor(business, { email: 'spec.payload@users.test' }));
    expect(plain.statusCode).toBe(201);
    const repeated = await create(
      'admin@demo.test',
      bodyFor(business, { email: 'spec.repeat@users.test', passwordConfirmation: `${PASSWORD}!` }),
    );
    expect(repeated.statusCode).toBe(201);
  });

  it("refuses an empty password: 'Please input a valid password'", async () => {
    const response = await create('admin@demo.test', bodyFor(await api.businessId('a'), { password: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message.password).toContain(CREATE_USER_MESSAGES.invalidPassword.body);
  });

  it('refuses a password that breaks the password rule, saying which parts', async () => {
    const response = await create(
      'admin@demo.test',
      bodyFor(await api.businessId('a'), { password: 'lowercase' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: {
        password: expect.arrayContaining([
          'Password must contain an upper case letter',
          'Password must contain a digit',
          'Password must contain a symbol',
        ]),
      },
      fields: { password: ['passwordRule', 'passwordRule', 'passwordRule'] },
    });
  });

  it('answers 409 for an email already in use, whatever its case', async () => {
    const response = await create(
      'admin@demo.test',
      bodyFor(await api.businessId('a'), { email: 'Customer@Demo.TEST' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'A user with this email already exists',
    });
  });

  it('refuses technicians and customers with 403', async () => {
    const a = await api.businessId('a');
    for (const viewer of ['tech@demo.test', 'customer@demo.test']) {
      const response = await create(viewer, bodyFor(a));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('answers 401 without a session', async () => {
    expect((await create(null, bodyFor(1))).statusCode).toBe(401);
  });
});
