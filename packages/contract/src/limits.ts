import { z } from 'zod';

/** Field bounds decided in DESIGN.md section 3, shared by server validation and client forms. */
export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 32,
  postalCodeMax: 99_999,
  businessNameMax: 200,
  streetMax: 200,
  /** City, province and country. */
  placeMax: 100,
  locationMax: 100,
  descriptionMax: 2000,
  passwordMin: 8,
  /** argon2 hashes cost memory and time: refuse absurd inputs before hashing. */
  passwordMax: 256,
} as const;

export const emailSchema = z.string().trim().toLowerCase().max(LIMITS.emailMax).pipe(z.email());

const PASSWORD_RULES: readonly [RegExp, string][] = [
  [/^.{8,}$/su, 'Password must be at least 8 characters long'],
  [/\p{Lu}/u, 'Password must contain an upper case letter'],
  [/\p{Ll}/u, 'Password must contain a lower case letter'],
  [/\p{Nd}/u, 'Password must contain a digit'],
  [/[^\p{L}\p{Nd}\s]/u, 'Password must contain a symbol'],
];

/**
 * The password rule (DESIGN.md section 3): at least 8 characters with upper case, lower case, digit
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

/** Postal codes are numbers 0-99999 shown zero-padded to five digits. */
export const formatPostalCode = (cap: number): string => String(cap).padStart(5, '0');
