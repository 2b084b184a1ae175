import { ApiError, SessionExpiredError } from './api-client';
import type { SessionEndReason } from './session-end-reasons';

/**
 * The reason a failed call ends the session, or null when it does not: a token the client already knows
 * has expired, any 401 (docs/product.md §8), and the 403s saying the account may no longer use the
 * portal at all. A login call's 401 and 403 only mean the credentials were refused.
 */
export function sessionEndReasonOf(error: unknown, isLogin: boolean): SessionEndReason | null {
  if (error instanceof SessionExpiredError) return 'SESSION_EXPIRED';
  if (!(error instanceof ApiError) || isLogin) return null;
  if (error.status === 401) {
    return error.code === 'SESSION_EXPIRED' || error.code === 'SESSION_ENDED'
      ? error.code
      : 'UNAUTHENTICATED';
  }
  if (error.status === 403 && (error.code === 'ACCOUNT_DISABLED' || error.code === 'BUSINESS_SUSPENDED')) {
    return error.code;
  }
  return null;
}
