import { Role } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createUserProblem } from './create-user-checks';

const valid = { business: 2, role: Role.Customer, password: 'Secret1!', passwordConfirmation: 'Secret1!' };

describe('createUserProblem (docs/product.md §5)', () => {
  it('lets a complete form through', () => {
    expect(createUserProblem(valid, Role.Manager)).toBeNull();
    expect(createUserProblem({ ...valid, role: Role.Manager }, Role.Administrator)).toBeNull();
  });

  it('asks for a business when none is selected', () => {
    for (const business of [0, -1, Number.NaN]) {
      expect(createUserProblem({ ...valid, business }, Role.Administrator)).toEqual({
        header: 'users.checks.invalidBusiness.header',
        body: 'users.checks.invalidBusiness.body',
        type: 'danger',
      });
    }
  });

  it('refuses a role of equal or higher rank than the creator', () => {
    const refused = { header: 'users.checks.invalidRole.header', body: 'users.checks.invalidRole.body' };
    expect(createUserProblem({ ...valid, role: Role.Manager }, Role.Manager)).toMatchObject(refused);
    expect(createUserProblem({ ...valid, role: Role.Administrator }, Role.Manager)).toMatchObject(refused);
    expect(createUserProblem({ ...valid, role: Role.Administrator }, Role.Administrator)).toMatchObject(
      refused,
    );
  });

  it('asks for a password when it is empty', () => {
    expect(createUserProblem({ ...valid, password: '', passwordConfirmation: '' }, Role.Manager)).toEqual({
      header: 'users.checks.invalidPassword.header',
      body: 'users.checks.invalidPassword.body',
      type: 'danger',
    });
  });

  it('warns when the confirmation differs', () => {
    expect(createUserProblem({ ...valid, passwordConfirmation: 'Secret2!' }, Role.Manager)).toEqual({
      header: 'users.checks.invalidPassword.header',
      body: 'users.checks.passwordMismatch.body',
      type: 'warning',
    });
  });

  it('checks in the order of docs/product.md §5: business, role, then password', () => {
    const allWrong = { business: 0, role: Role.Administrator, password: '', passwordConfirmation: 'x' };
    expect(createUserProblem(allWrong, Role.Manager)?.body).toBe('users.checks.invalidBusiness.body');
    expect(createUserProblem({ ...allWrong, business: 1 }, Role.Manager)?.body).toBe(
      'users.checks.invalidRole.body',
    );
  });
});
