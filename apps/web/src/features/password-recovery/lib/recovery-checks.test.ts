import { describe, expect, it } from 'vitest';
import { recoveryChangeProblem, recoveryRequestProblem } from './recovery-checks';

describe('recoveryRequestProblem (docs/product.md §5)', () => {
  it('lets an email through', () => {
    expect(recoveryRequestProblem('someone@example.com')).toBeNull();
  });

  it("warns 'Missing email' when the field is empty or blank", () => {
    for (const email of ['', '   ']) {
      expect(recoveryRequestProblem(email)).toEqual({
        header: 'recovery.checks.missingEmail.header',
        body: 'recovery.checks.missingEmail.body',
        type: 'warning',
      });
    }
  });
});

describe('recoveryChangeProblem (docs/product.md §5)', () => {
  const valid = {
    password: 'Nuova-Password1',
    passwordConfirmation: 'Nuova-Password1',
    token: 'a'.repeat(43),
    email: 'someone@example.com',
  };
  const mismatch = { body: 'recovery.checks.passwordMismatch', type: 'warning' };
  const invalid = { body: 'recovery.checks.invalidRequest', type: 'danger' };

  it('lets a complete change through', () => {
    expect(recoveryChangeProblem(valid)).toBeNull();
  });

  it("warns 'Password do not match' for an empty password or a different repeat", () => {
    expect(recoveryChangeProblem({ ...valid, password: '', passwordConfirmation: '' })).toEqual(mismatch);
    expect(recoveryChangeProblem({ ...valid, passwordConfirmation: 'Nuova-Password2' })).toEqual(mismatch);
  });

  it("refuses with 'Invalid password recovery request' a link without token or email", () => {
    expect(recoveryChangeProblem({ ...valid, token: null })).toEqual(invalid);
    expect(recoveryChangeProblem({ ...valid, email: '' })).toEqual(invalid);
  });

  it('checks the passwords before the link, in the order of docs/product.md §5', () => {
    expect(recoveryChangeProblem({ ...valid, passwordConfirmation: 'x', token: null })).toEqual(mismatch);
  });
});
