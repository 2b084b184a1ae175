import type { ClusterBus } from '../../shared/cluster-bus.ts';
import type { SessionSubject } from '../../shared/session.ts';

/**
 * Which sessions a change touches: one session (a logout, a renewal), every session of a user (a new
 * password, role or state, a deletion), or every session of a business (suspended or resumed). The last kind
 * changes no session: who may control the machines of a business changed (it turned consent on), so what holds
 * control of one of them open (a board socket) checks it again (`touchesControl`).
 */
export type SessionChange =
  | { sessionId: string }
  | { userId: number }
  | { businessId: number }
  | { controlOfBusiness: number };
export type SessionChangeListener = (change: SessionChange) => void;

/**
 * Published after the change is written: whatever holds a session open beyond one request (a status stream,
 * a webcam viewer) checks it again at once instead of at its next periodic check, and every instance forgets the
 * sessions it had checked. A change carries ids only, and the check reads the database.
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
  if ('businessId' in change) return change.businessId === subject.business;
  return false;
}

/** Whether `change` touches `subject`'s control of a machine of `machineBusinessId`, or their session. */
export function touchesControl(
  change: SessionChange,
  subject: SessionSubject,
  machineBusinessId: number,
): boolean {
  if ('controlOfBusiness' in change) return change.controlOfBusiness === machineBusinessId;
  return touches(change, subject);
}

const SESSION_CHANGES = 'session-changes';

/** The changes on the deployment's bus: heard at once on this instance, and by every other one (ClusterBus). */
export function sessionEventsOn(bus: ClusterBus): SessionEvents {
  return {
    publish: (change) => bus.publish(SESSION_CHANGES, change),
    subscribe: (listener) => bus.subscribe(SESSION_CHANGES, listener),
  };
}
