/** The issue fields this mapping needs; zod's issues carry more. */
export interface FormIssue {
  code: string;
  input?: unknown;
  format?: string;
}

/** Catalog keys of the messages shown under form fields. */
export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.tooLong'
  | 'validation.invalid';

/**
 * Maps a zod issue to a catalog key, so the contract's schemas validate forms in the user's language.
 * An empty input is always "required", whatever rule it broke first.
 */
export function validationKey(issue: FormIssue): ValidationKey {
  if (issue.input === undefined || (typeof issue.input === 'string' && issue.input.trim() === '')) {
    return 'validation.required';
  }
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'validation.email';
  if (issue.code === 'too_big') return 'validation.tooLong';
  return 'validation.invalid';
}
