import type { Role } from '@portal/contract';

/** A create-user check that failed: catalog keys of its header and body (docs/product.md §5), and its type. */
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

/** The field a failed check is shown beside. */
export type CreateUserCheckField = 'business' | 'role' | 'password' | 'passwordConfirmation';

/**
 * The client checks of docs/product.md §5 before a user is created, in its order: a chosen business (> 0), a
 * role of lower rank than the creator's (a higher number), a non-empty password equal to its confirmation.
 * Every check that fails, each with the field it belongs beside; empty when the form may be sent. The server
 * checks the same rules again.
 */
export function createUserProblems(
  values: CreateUserCheckValues,
  creator: Role,
): (CreateUserProblem & { field: CreateUserCheckField })[] {
  const problems: (CreateUserProblem & { field: CreateUserCheckField })[] = [];
  if (!(values.business > 0)) {
    problems.push({
      field: 'business',
      header: 'users.checks.invalidBusiness.header',
      body: 'users.checks.invalidBusiness.body',
      type: 'danger',
    });
  }
  if (!(values.role > creator)) {
    problems.push({
      field: 'role',
      header: 'users.checks.invalidRole.header',
      body: 'users.checks.invalidRole.body',
      type: 'danger',
    });
  }
  if (values.password === '') {
    problems.push({
      field: 'password',
      header: 'users.checks.invalidPassword.header',
      body: 'users.checks.invalidPassword.body',
      type: 'danger',
    });
  } else if (values.password !== values.passwordConfirmation) {
    problems.push({
      field: 'passwordConfirmation',
      header: 'users.checks.invalidPassword.header',
      body: 'users.checks.passwordMismatch.body',
      type: 'warning',
    });
  }
  return problems;
}
