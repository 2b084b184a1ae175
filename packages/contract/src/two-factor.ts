import { z } from 'zod';
import { loginResponseSchema } from './auth.ts';
import { TWO_FACTOR } from './constants.ts';

/**
 * A login whose password was right for a user with two-factor sign-in (docs/design.md §10): no session yet, a
 * short-lived signed challenge for the second step. `code` asks for a code (or a recovery code); `setup` means
 * the user must first set it up (an administrator requires it for their role).
 */
export const twoFactorChallengeSchema = z.object({
  two_factor: z.enum(['code', 'setup']),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** What `POST /api/v1/auth` answers: today's tokens, or the challenge of the second step. */
export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** A code of the authenticator app (six digits) or, at sign-in, a recovery code: told apart by their shape. */
const codeSchema = z.string().trim().min(1).max(TWO_FACTOR.codeMax);

/** The second step: the challenge and a code, or a recovery code. */
export const twoFactorLoginBodySchema = z.object({
  challenge: z.string().min(1).max(TWO_FACTOR.challengeMax),
  code: codeSchema,
});
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBodySchema>;

/** The recovery codes, shown once: when the set-up is confirmed. */
const recoveryCodesSchema = z.array(z.string()).length(TWO_FACTOR.recoveryCodes);

/** The second step's answer: the session's tokens, and the recovery codes when it completed a set-up. */
export const twoFactorLoginResponseSchema = loginResponseSchema.extend({
  recoveryCodes: recoveryCodesSchema.optional(),
});
export type TwoFactorLoginResponse = z.infer<typeof twoFactorLoginResponseSchema>;

/** The set-up at sign-in names its challenge. */
export const twoFactorSetupBodySchema = z.object({
  challenge: z.string().min(1).max(TWO_FACTOR.challengeMax),
});

/** A new secret to scan (as the `otpauth://` URI, drawn as a QR code) or to type (base32). */
export const twoFactorSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** One's own two-factor sign-in: on or off, recovery codes left, and whether one's role requires it. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Confirming a set-up or turning it off asks for a current code of the app. */
export const twoFactorCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

export const twoFactorRecoveryCodesSchema = z.object({ recoveryCodes: recoveryCodesSchema });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;

/** The administrator's setting: two-factor sign-in required of administrators and technicians. */
export const twoFactorSettingsSchema = z.object({ requiredForStaff: z.boolean() });
export type TwoFactorSettings = z.infer<typeof twoFactorSettingsSchema>;
