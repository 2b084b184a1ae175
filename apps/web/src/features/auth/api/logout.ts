import { isExpired } from '../../../lib/session';
import type { SessionEndReason } from '../../../lib/session-end-reasons';
import { clearSession, getSession } from '../../../lib/session-store';

/**
 * Logs out: forgets the tokens at once (the login page shows `reason`) and tells the server. Several
 * failing calls may each ask for a logout; only the first one has a session to end.
 */
export function logout(reason: SessionEndReason): void {
  const session = getSession();
  if (!session) return;
  clearSession(reason);
  // Push is unsubscribed first (only when this browser had it enabled), while the session still works.
  const unsubscribed = import('../../../lib/push')
    .then(({ unsubscribeAtLogout }) => unsubscribeAtLogout(session.token))
    .catch(() => undefined);
  // An expired token is refused anyway. Any failure, a 401 included, means the server-side session is
  // already over, or will be at its expiry: nothing is left for the user to do.
  if (!isExpired(session.claims, Date.now())) {
    // The call loads with the first logout: every page's query cache logs out, the login page never does.
    void unsubscribed
      .then(() => import('./delete-session'))
      .then(({ deleteSession }) => deleteSession(session.token))
      .catch(() => undefined);
  }
}
