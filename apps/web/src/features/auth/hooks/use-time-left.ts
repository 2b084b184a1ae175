import { type SessionClaims, TIME_LEFT_REFRESH_MS } from '@portal/contract';
import { formatTimeLeft, msUntilExpiry } from '../../../lib/session';
import { useNow } from '../../../lib/timers';

/** The session time remaining, formatted and refreshed every second (docs/product.md §4). */
export function useTimeLeft(claims: SessionClaims): string {
  return formatTimeLeft(msUntilExpiry(claims, useNow(TIME_LEFT_REFRESH_MS)));
}
