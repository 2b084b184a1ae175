import type { SessionSubject } from '../../shared/session.ts';

/**
 * Which sessions a change touches: one session (a logout, a renewal), every session of a user (a new
 * password, role or state, a deletion), or every session of a business (suspended or resumed).
 */
export type SessionChange = { sessionId: string } | { userId: number } | { businessId: number };
export type SessionChangeListener = (change: SessionChange) => void;

/**
 * Published after the change is written: whatever holds a session open beyond one request (a status stream,
 * a webcam viewer) checks it again at once instead of at its next periodic check. Several portal instances
 * can share a bus (Redis) in place of the in-process one: a change carries ids only, and the check reads the
 * database.
 */
export interface SessionEvents {
  publish(change: SessionChange): void;
  /** Returns the unsubscribe. */
  subscribe(listener: SessionChangeListener): () => void;
}

/** Whether `change` touches `subject`'s session. */
export function touches(change: SessionChange, subject: SessionSubject): boolean {
  if ('sessionId' in change) return change.sessionId === subject.sessionId;
  if ('userId' in change) return change.userId === subject.id;
  return change.businessId === subject.business;
}

/** The changes of this process. A listener that throws is reported and does not stop the others. */
export class InProcessSessionEvents implements SessionEvents {
  readonly #listeners = new Set<SessionChangeListener>();

  publish(change: SessionChange): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (error) {
        process.emitWarning(String(error));
      }
    }
  }

  subscribe(listener: SessionChangeListener): () => void {
    // A wrapper per subscription, so the same function subscribed twice is two subscriptions.
    const entry: SessionChangeListener = (change) => listener(change);
    this.#listeners.add(entry);
    return () => this.#listeners.delete(entry);
  }
}
