/** The toast of a recovery check that failed: catalog keys of its header (if any) and body, and its type. */
export interface RecoveryProblem {
  header?: 'recovery.checks.missingEmail.header';
  body:
    | 'recovery.checks.missingEmail.body'
    | 'recovery.checks.passwordMismatch'
    | 'recovery.checks.invalidRequest';
  type: 'warning' | 'danger';
}

/**
 * docs/product.md §5: a recovery request needs an email ('Missing email' / 'Please fill the email field').
 */
export function recoveryRequestProblem(email: string): RecoveryProblem | null {
  if (email.trim() !== '') return null;
  return {
    header: 'recovery.checks.missingEmail.header',
    body: 'recovery.checks.missingEmail.body',
    type: 'warning',
  };
}

export interface RecoveryChangeValues {
  password: string;
  passwordConfirmation: string;
  /** From the link's query; null when the link lacks it. */
  token: string | null;
  email: string | null;
}

/**
 * docs/product.md §5, in its order: a non-empty password equal to its repeat (else the warning
 * 'Password do not match'), then the link's token and email (else the error 'Invalid password recovery
 * request'). Null when the change may be sent; the password rule is checked after, under the field.
 */
export function recoveryChangeProblem(values: RecoveryChangeValues): RecoveryProblem | null {
  if (values.password === '' || values.password !== values.passwordConfirmation) {
    return { body: 'recovery.checks.passwordMismatch', type: 'warning' };
  }
  if (!values.token || !values.email) return { body: 'recovery.checks.invalidRequest', type: 'danger' };
  return null;
}
