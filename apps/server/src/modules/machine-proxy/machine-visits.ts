import type { Changes } from '../../shared/change-listeners.ts';
import type { Clock } from '../../shared/clock.ts';
import type { SessionSubject } from '../../shared/session.ts';
import { type SessionEvents, touchesControl } from '../auth/session-events.ts';
import type { MachineReach } from '../machine-access/machine-access.service.ts';

/** Who opened the machine's page, and what their access to it is. */
export interface MachineVisit {
  subject: SessionSubject;
  reach: MachineReach;
}

/** Enough for every open board page of a busy instance; past it the oldest entries go first. */
const MAX_VISITS = 10_000;

interface Entry {
  visit: MachineVisit;
  until: number;
}

/**
 * What a machine page's cookie opened a moment ago (docs/design.md §5e): a control panel polls its board several
 * times a second with the same cookie, and each poll would otherwise verify the cookie's token, check the session
 * and ask for the machine access again. Kept per cookie (one browser's session on one machine's path) until the
 * first of: the trust time (the session cache's, which bounds a change the deployment's bus did not carry), the
 * cookie's expiry, the session's end, the end of the licence or service session the access rests on. Forgotten at
 * once when a session change touches it (sign-out, a session ended, a user's role, password or state, a business
 * suspended, consent turned on for the machine's business) and whenever the machine access forgets its grants
 * (every administrative action, a service session accepted or ended, the bus resuming).
 */
export class MachineVisits {
  readonly #clock: Clock;
  readonly #trustMs: number;
  readonly #entries = new Map<string, Entry>();
  /** Counts what forgot visits: a visit decided before the latest is used once but not kept. */
  #generation = 0;

  constructor(clock: Clock, trustMs: number, sessions: SessionEvents, grantsForgotten: Changes<void>) {
    this.#clock = clock;
    this.#trustMs = trustMs;
    sessions.subscribe((change) => {
      this.#generation += 1;
      for (const [key, { visit }] of this.#entries) {
        if (touchesControl(change, visit.subject, visit.reach.businessId)) this.#entries.delete(key);
      }
    });
    grantsForgotten.subscribe(() => {
      this.#generation += 1;
      this.#entries.clear();
    });
  }

  /** Read before deciding a visit, and handed to `remember`. */
  get generation(): number {
    return this.#generation;
  }

  /** The visit `key` opened, while it is still trusted. */
  get(key: string): MachineVisit | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#clock().getTime() < entry.until) return entry.visit;
    this.#entries.delete(key);
    return undefined;
  }

  /**
   * Keeps a visit decided just now, trusted until `until` at the latest (the cookie's and the session's end);
   * not when something forgot visits since `generation` was read.
   */
  remember(key: string, visit: MachineVisit, until: number, generation: number): void {
    if (this.#trustMs <= 0 || generation !== this.#generation) return;
    const now = this.#clock().getTime();
    const end = Math.min(now + this.#trustMs, until, visit.reach.trustedUntil);
    if (end <= now) return;
    if (this.#entries.size >= MAX_VISITS) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { visit, until: end });
  }
}
