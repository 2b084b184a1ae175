import { decodeJwt } from 'jose';

/** Renewed this long before it ends (at most half its life), so a new connection never carries a dead token. */
const RENEW_MARGIN_MS = 60_000;
/** After a failed renewal, the next try. */
export const RENEW_RETRY_MS = 30_000;

interface TokenTimes {
  issuedAt: number;
  expiresAt: number;
}

function timesOf(token: string): TokenTimes | null {
  try {
    const { iat, exp } = decodeJwt(token);
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= iat) return null;
    return { issuedAt: iat * 1000, expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}

const marginOf = ({ issuedAt, expiresAt }: TokenTimes): number =>
  Math.min(RENEW_MARGIN_MS, (expiresAt - issuedAt) / 2);

/**
 * When to renew the token found in storage, by this device's clock: a margin before it ends, or now when
 * there is none, it cannot be read or its end is (nearly) here.
 */
export function firstRenewalAt(token: string | null, now: number): number {
  const times = token === null ? null : timesOf(token);
  if (times === null) return now;
  return Math.max(now, times.expiresAt - marginOf(times));
}

/**
 * When to renew a token just received: its own lifetime from now, less the margin. Counting from its
 * receipt, not its end, keeps a device whose clock is wrong from renewing in a loop.
 */
export function nextRenewalAt(token: string, now: number): number {
  const times = timesOf(token);
  if (times === null) return now + RENEW_RETRY_MS;
  return now + (times.expiresAt - times.issuedAt) - marginOf(times);
}
