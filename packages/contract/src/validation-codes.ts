/**
 * Stable codes of field validation failures, answered beside the English messages (`fields` of a
 * VALIDATION_FAILED body) and translated by the web client: a user never reads a library's English.
 */
export const VALIDATION_CODES = [
  'required',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooLarge',
  'email',
  'invalidFormat',
  'invalidType',
  'invalidChoice',
  'unknownField',
  'passwordRule',
  'passwordMismatch',
  'wrongPassword',
  'invalidBusiness',
  'invalidRole',
  'invalid',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

const isValidationCode = (value: unknown): value is ValidationCode =>
  typeof value === 'string' && (VALIDATION_CODES as readonly string[]).includes(value);

/** The parts of a zod issue the mapping reads (zod's issues carry more). */
export interface IssueLike {
  code: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: unknown;
  params?: Record<string, unknown>;
}

const isEmpty = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

/**
 * The stable code of a zod issue. A rule of ours names its code in `params.code`; an empty value is
 * "required" whatever rule it broke first. Parse with `reportInput: true` so issues carry their input.
 */
export function validationCodeOf(issue: IssueLike): ValidationCode {
  if (isValidationCode(issue.params?.code)) return issue.params.code;
  if (issue.code !== 'unrecognized_keys' && isEmpty(issue.input)) return 'required';
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooShort' : 'tooSmall';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'tooLong' : 'tooLarge';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'invalidFormat';
    case 'invalid_type':
      return 'invalidType';
    case 'invalid_value':
    case 'invalid_union':
      return 'invalidChoice';
    case 'unrecognized_keys':
      return 'unknownField';
    default:
      return 'invalid';
  }
}

/** A custom rule's issue with its stable code. */
export const ruleIssue = (code: ValidationCode, message: string, path: PropertyKey[] = []) => ({
  code: 'custom' as const,
  message,
  path,
  params: { code },
});
