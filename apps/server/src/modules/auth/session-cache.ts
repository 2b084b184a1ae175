import type { Clock } from '../../shared/clock.ts';
import type { CheckedSession, SessionSubject } from '../../shared/session.ts';

/** Enough for every session of a busy instance; beyond it the oldest entries go first. */
const MAX_ENTRIES = 10_000;

/**
 * Sessions checked a moment ago, so that a burst of calls costs one database round trip, not one each.
 * Whatever this instance changes (a logout, a user's role, password or state, a business's state) is
 * forgotten at once; another instance's change is seen within `ttlMs`. A `ttlMs` of 0 turns it off.
 */
export class SessionCache {
  readonly #entries = new Map<string, { subject: SessionSubject; checkedAt: number; endsAt: number }>();
  readonly #ttlMs: number;
  readonly #clock: Clock;

  constructor(ttlMs: number, clock: Clock) {
    this.#ttlMs = ttlMs;
    this.#clock = clock;
  }

  get(sessionId: string): SessionSubject | undefined {
    return this.checked(sessionId)?.subject;
  }

  /** The subject of a session checked a moment ago, with the session's end (milliseconds since the epoch). */
  checked(sessionId: string): CheckedSession | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.#clock().getTime();
    if (now - entry.checkedAt < this.#ttlMs && now < entry.endsAt) return entry;
    this.#entries.delete(sessionId);
    return undefined;
  }

  /** Remembers a session checked just now; it is never answered from here past `sessionEnd`. */
  set(subject: SessionSubject, sessionEnd: Date): void {
    if (this.#ttlMs <= 0) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(subject.sessionId, {
      subject,
      checkedAt: this.#clock().getTime(),
      endsAt: sessionEnd.getTime(),
    });
  }

  forget(sessionId: string): void {
    this.#entries.delete(sessionId);
  }

  /** Forgets every session matching `test` (a user's, a business's). */
  forgetWhere(test: (subject: SessionSubject) => boolean): void {
    for (const [id, entry] of this.#entries) if (test(entry.subject)) this.#entries.delete(id);
  }
}
