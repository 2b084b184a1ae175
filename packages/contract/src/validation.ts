import { z } from 'zod';
import { LIMITS } from './limits.ts';

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

/**
 * A text the database can store: PostgreSQL's text types cannot hold the NUL character, so it is refused
 * here (a field error) rather than failing the write (a 500).
 */
export const storableText = () =>
  z.string().refine((text) => !text.includes('\u0000'), {
    message: 'Must not contain the NUL character',
    params: { code: 'invalidFormat' },
  });

/** A required text of at most `max` characters, trimmed. */
export const requiredText = (max: number) => storableText().trim().min(1).max(max);
/** An optional text of at most `max` characters, trimmed; absent means empty. */
export const optionalText = (max: number) => storableText().trim().max(max).default('');

export const nameSchema = requiredText(LIMITS.nameMax);
export const surnameSchema = optionalText(LIMITS.nameMax);
export const phoneSchema = optionalText(LIMITS.phoneMax);
export const postalCodeSchema = z.number().int().min(0).max(LIMITS.postalCodeMax);

/** A flag in a query string: `true` or `false` (absent means false). */
export const queryFlagSchema = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');
