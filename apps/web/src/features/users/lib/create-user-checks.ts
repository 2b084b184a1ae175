import type { Role } from '@portal/contract';

/** The toast of a create-user check that failed: catalog keys of its header and body, and its type. */
export interface CreateUserProblem {
  header:
    | 'users.checks.invalidBusiness.header'
    | 'users.checks.invalidRole.header'
    | 'users.checks.invalidPassword.header';
  body:
    | 'users.checks.invalidBusiness.body'
    | 'users.checks.invalidRole.body'
    | 'users.checks.invalidPassword.body'
    | 'users.checks.passwordMismatch.body';
  type: 'danger' | 'warning';
}

export interface CreateUserCheckValues {
  business: number;
  role: number;
  password: string;
  passwordConfirmation: string;
}

/**
 * The client checks of docs/product.md §5 before a user is created, in its order: a chosen
 * business (> 0), a role of lower rank than the creator's (a higher number), a non-empty password equal
 * to its confirmation. Null when the form may be sent. The server checks the same rules again.
 */
export function createUserProblem(values: CreateUserCheckValues, creator: Role): CreateUserProblem | null {
  if (!(values.business > 0)) {
    return {
      header: 'users.checks.invalidBusiness.header',
      body: 'users.checks.invalidBusiness.body',
      type: 'danger',
    };
  }
  if (!(values.role > creator)) {
    return {
      header: 'users.checks.invalidRole.header',
      body: 'users.checks.invalidRole.body',
      type: 'danger',
    };
  }
  if (values.password === '') {
    return {
      header: 'users.checks.invalidPassword.header',
      body: 'users.checks.invalidPassword.body',
      type: 'danger',
    };
  }
  if (values.password !== values.passwordConfirmation) {
    return {
      header: 'users.checks.invalidPassword.header',
      body: 'users.checks.passwordMismatch.body',
      type: 'warning',
    };
  }
  return null;
}
