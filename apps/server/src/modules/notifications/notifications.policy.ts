import type { Role } from '@portal/contract';

/** Someone a notification could go to, with what decides whether it does. */
export interface Candidate {
  id: number;
  role: Role;
  business: number;
  /** A disabled account, or one whose business is suspended, gets nothing: it cannot sign in to read it. */
  enabled: boolean;
  businessActive: boolean;
  /** The preference that covers this notification (`ticketNotifications` or `machineNotifications`). */
  wants: boolean;
}

/**
 * Who is told about something that `actorId` did (null: nobody did it, the machine did): each candidate
 * once, never the actor, only those whose account works and whose preference asks for it.
 */
export function recipientsOf<C extends Candidate>(candidates: readonly C[], actorId: number | null): C[] {
  const chosen = new Map<number, C>();
  for (const candidate of candidates) {
    if (candidate.id === actorId || chosen.has(candidate.id)) continue;
    if (!candidate.enabled || !candidate.businessActive || !candidate.wants) continue;
    chosen.set(candidate.id, candidate);
  }
  return [...chosen.values()];
}
