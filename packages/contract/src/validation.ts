import { z } from 'zod';
import { LIMITS } from './limits.ts';

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

export const emailSchema = z.string().trim().toLowerCase().max(LIMITS.emailMax).pipe(z.email());

const PASSWORD_RULES: readonly [RegExp, string][] = [
  [/^.{8,}$/su, 'Password must be at least 8 characters long'],
  [/\p{Lu}/u, 'Password must contain an upper case letter'],
  [/\p{Ll}/u, 'Password must contain a lower case letter'],
  [/\p{Nd}/u, 'Password must contain a digit'],
  [/[^\p{L}\p{Nd}\s]/u, 'Password must contain a symbol'],
];

/**
 * The password rule (docs/design.md §3): at least 8 characters with upper case, lower case, digit
 * and symbol. Each broken part is an issue of code `passwordRule` with its own English message.
 */
export const passwordRuleSchema = z
  .string()
  .max(LIMITS.passwordMax, 'Password must be at least 8 and at most 256 characters long')
  .superRefine((password, ctx) => {
    for (const [rule, message] of PASSWORD_RULES) {
      if (!rule.test(password)) ctx.addIssue({ code: 'custom', message, params: { code: 'passwordRule' } });
    }
  });
