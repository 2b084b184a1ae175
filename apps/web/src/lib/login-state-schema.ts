import { z } from 'zod';
import { SESSION_END_REASONS } from './session-end-reasons';

/**
 * What the router carries to the login page (see login-state.ts). History state survives a reload and
 * may be another page's, so every field is read on its own and a bad one is dropped.
 */
export const loginStateSchema = z.object({
  from: z.string().optional().catch(undefined),
  fromUser: z.number().int().optional().catch(undefined),
  reason: z.enum(SESSION_END_REASONS).optional().catch(undefined),
});
