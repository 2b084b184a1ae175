import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type CreateUserCheckValues, createUserProblems } from './create-user-checks';

const valid: CreateUserCheckValues = {
  business: 1,
  role: Role.Customer,
  password: 'Secret1!',
  passwordConfirmation: 'Secret1!',
};
const bodies = (values: CreateUserCheckValues, creator: Role) =>
  createUserProblems(values, creator).map((problem) => [problem.field, problem.body]);

describe('createUserProblems (docs/product.md §5)', () => {
  it('finds nothing wrong in a complete form with a role below the creator', () => {
    expect(createUserProblems(valid, Role.Manager)).toEqual([]);
    expect(createUserProblems({ ...valid, role: Role.Manager }, Role.Administrator)).toEqual([]);
  });

  it('asks for a business above 0, beside the business', () => {
    for (const business of [0, -1, Number.NaN]) {
      expect(bodies({ ...valid, business }, Role.Administrator)).toEqual([
        ['business', 'users.checks.invalidBusiness.body'],
      ]);
    }
  });

  it("refuses a role at or above the creator's own, beside the role", () => {
    for (const [role, creator] of [
      [Role.Manager, Role.Manager],
      [Role.Administrator, Role.Manager],
      [Role.Administrator, Role.Administrator],
    ] as const) {
      expect(bodies({ ...valid, role }, creator)).toEqual([['role', 'users.checks.invalidRole.body']]);
    }
  });

  it('asks for a password when it is empty, beside the password', () => {
    expect(createUserProblems({ ...valid, password: '', passwordConfirmation: '' }, Role.Manager)).toEqual([
      {
        field: 'password',
        header: 'users.checks.invalidPassword.header',
        body: 'users.checks.invalidPassword.body',
        type: 'danger',
      },
    ]);
  });

  it('warns beside the confirmation when it differs', () => {
    expect(createUserProblems({ ...valid, passwordConfirmation: 'Secret2!' }, Role.Manager)).toEqual([
      {
        field: 'passwordConfirmation',
        header: 'users.checks.invalidPassword.header',
        body: 'users.checks.passwordMismatch.body',
        type: 'warning',
      },
    ]);
  });

  it('gives every failed check at once, in the order of docs/product.md §5', () => {
    const allWrong = { business: 0, role: Role.Administrator, password: '', passwordConfirmation: 'x' };
    expect(bodies(allWrong, Role.Manager)).toEqual([
      ['business', 'users.checks.invalidBusiness.body'],
      ['role', 'users.checks.invalidRole.body'],
      ['password', 'users.checks.invalidPassword.body'],
    ]);
  });
});
