import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { emailSchema, passwordRuleSchema } from './validation.ts';

/** How long a recovery link works after it is sent. */
export const PASSWORD_RECOVERY_TTL_MS = 60 * 60 * 1000;

/** A recovery token as sent in the link: 32 random bytes, base64url (43 characters). */
export const recoveryTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Not a password recovery token')
  .describe('The token of the recovery link');

/**
 * POST /api/v1/password/recover (docs/product.md §7). `language` is the language of the page that
 * asks, and so of the mail; without it the server reads Accept-Language, then falls back to Italian.
 */
export const passwordRecoveryRequestSchema = z.object({
  email: emailSchema,
  language: z.enum(LANGUAGES).optional(),
});
export type PasswordRecoveryRequest = z.input<typeof passwordRecoveryRequestSchema>;

/** PUT /api/v1/password/recover: the new password follows the password rule of docs/design.md §3. */
export const passwordRecoveryChangeSchema = z.object({
  password: passwordRuleSchema,
  email: emailSchema,
  token: recoveryTokenSchema,
});
export type PasswordRecoveryChange = z.input<typeof passwordRecoveryChangeSchema>;
