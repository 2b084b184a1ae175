import type { ErrorCode } from '@portal/contract';

/**
 * Why a session ended, as the login page explains it: the error code of the answer that ended it, or
 * the user's own logout.
 */
export const SESSION_END_REASONS = [
  'SESSION_EXPIRED',
  'SESSION_ENDED',
  'UNAUTHENTICATED',
  'ACCOUNT_DISABLED',
  'BUSINESS_SUSPENDED',
  'LOGGED_OUT',
] as const satisfies readonly (ErrorCode | 'LOGGED_OUT')[];

export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
