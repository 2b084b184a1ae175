import { z } from 'zod';
import { SESSION_MAX_HOURS } from './constants.ts';
import { LIMITS } from './limits.ts';
import { roleSchema } from './role-schema.ts';
import { emailSchema } from './validation.ts';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  video_token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A fresh webcam token for the page to renew before the old one runs out (docs/design.md §4). */
export const videoTokenResponseSchema = z.object({ video_token: z.string() });

/** The claims of the session token; `exp` is in seconds since the epoch. */
export const sessionClaimsSchema = z.object({
  id: z.number().int().positive(),
  role: roleSchema,
  business: z.number().int().positive(),
  exp: z.number().int(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** The portal's session settings: how long a session may be renewed from its login (administrators set it). */
export const sessionSettingsSchema = z.object({
  maxHours: z.number().int().min(SESSION_MAX_HOURS.min).max(SESSION_MAX_HOURS.max),
});
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;
