import { SESSION_RENEW_BEFORE_MS, SESSION_WARNING_BEFORE_MS, type SessionClaims } from '@portal/contract';
import { decodeJwt } from 'jose';
import { loadSchemas } from './load-schemas';

/**
 * Reads the claims of a session token without verifying its signature: the server verifies every call,
 * the client only needs them to schedule the warning and the logout and to mirror role guards.
 */
export async function readClaims(token: string): Promise<SessionClaims | null> {
  let payload: unknown;
  try {
    payload = decodeJwt(token);
  } catch {
    return null;
  }
  const { sessionClaimsSchema } = await loadSchemas();
  const parsed = sessionClaimsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** Expiry instant in milliseconds (the token carries seconds). */
export const expiresAt = (claims: SessionClaims): number => claims.exp * 1000;

export const isExpired = (claims: SessionClaims, now: number): boolean => now >= expiresAt(claims);

/** Time left before the session ends; never negative. */
export const msUntilExpiry = (claims: SessionClaims, now: number): number =>
  Math.max(0, expiresAt(claims) - now);

/** A renewal never follows the last one sooner than this, nor sooner than half the token's life. */
const MIN_RENEWAL_GAP_MS = 60 * 1000;

/**
 * The instant a page in use renews its session: half a minute before the popup would be due, and never sooner
 * after the page got the token (`receivedAt`) than half its life or a minute, so renewals never chain.
 */
export const renewalAt = (claims: SessionClaims, receivedAt: number): number =>
  Math.max(
    expiresAt(claims) - SESSION_RENEW_BEFORE_MS,
    receivedAt + Math.min((expiresAt(claims) - receivedAt) / 2, MIN_RENEWAL_GAP_MS),
  );

/** The instant the session-expiry popup is due for a page not in use (docs/product.md §9: two minutes before). */
export const warningAt = (claims: SessionClaims): number => expiresAt(claims) - SESSION_WARNING_BEFORE_MS;

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** Minutes and seconds under an hour ("12m 05s"), otherwise hours and minutes ("1h 05m"). */
export function formatTimeLeft(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  if (totalSeconds < 3600) {
    return `${Math.floor(totalSeconds / 60)}m ${pad2(totalSeconds % 60)}s`;
  }
  return `${Math.floor(totalSeconds / 3600)}h ${pad2(Math.floor((totalSeconds % 3600) / 60))}m`;
}
