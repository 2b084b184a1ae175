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
  passwordMin: 8,
  /** argon2 hashes cost memory and time: refuse absurd inputs before hashing. */
  passwordMax: 256,
} as const;

export const emailSchema = z.string().trim().toLowerCase().max(LIMITS.emailMax).pipe(z.email());

/** The password rule: at least 8 characters with upper case, lower case, digit and symbol. */
export const passwordRuleSchema = z
  .string()
  .min(LIMITS.passwordMin, 'Password must be at least 8 characters long')
  .max(LIMITS.passwordMax, 'Password must be at most 256 characters long')
  .regex(/\p{Lu}/u, 'Password must contain an upper case letter')
  .regex(/\p{Ll}/u, 'Password must contain a lower case letter')
  .regex(/\p{Nd}/u, 'Password must contain a digit')
  .regex(/[^\p{L}\p{Nd}\s]/u, 'Password must contain a symbol');

/** Postal codes are numbers 0-99999 shown zero-padded to five digits. */
export const formatPostalCode = (cap: number): string => String(cap).padStart(5, '0');
