import { createHash } from 'node:crypto';
import { Role } from '@portal/contract';
import { type WindowCount, windowWait } from '../../shared/window-counter.ts';

/** Requests counted per submitted address and per client address, each in a fixed window of an hour. */
export const RECOVERY_LIMITS = {
  windowMs: 60 * 60 * 1000,
  /** Mails one address may be sent in a window: enough for a lost mail or two, too few to flood anyone. */
  perEmail: 5,
  /** Requests one client may make over all addresses in a window. */
  perClient: 20,
} as const;

export interface RecoveryKeys {
  email: string;
  client: string;
}

/**
 * The counter keys of one request: the submitted address whether or not an account has it (so a 429 says
 * nothing about which accounts exist), hashed to fit the key column; and the client's address.
 */
export function recoveryKeys(email: string, clientAddress: string): RecoveryKeys {
  const hashed = createHash('sha256').update(email.toLowerCase()).digest('base64url');
  return { email: `email:${hashed}`, client: `client:${clientAddress}` };
}

/** Milliseconds each key refuses this request for (0: within its limit). */
export function recoveryWaits(
  counts: Record<keyof RecoveryKeys, WindowCount>,
  now: Date,
): Record<keyof RecoveryKeys, number> {
  return {
    email: windowWait(counts.email, RECOVERY_LIMITS.perEmail, RECOVERY_LIMITS.windowMs, now),
    client: windowWait(counts.client, RECOVERY_LIMITS.perClient, RECOVERY_LIMITS.windowMs, now),
  };
}

/** Milliseconds until one more request is allowed, or 0 when this one is within the limits. */
export function recoveryRetryAfterMs(counts: Record<keyof RecoveryKeys, WindowCount>, now: Date): number {
  const waits = recoveryWaits(counts, now);
  return Math.max(0, waits.email, waits.client);
}

/**
 * Whether an account may recover its password by mail: the same people who may log in (a disabled user,
 * or a non-administrator of a suspended business, gets no mail, though the answer says nothing of it).
 */
export function mayRecover(user: { enabled: boolean; businessActive: boolean; role: number }): boolean {
  return user.enabled && (user.businessActive || user.role === Role.Administrator);
}
