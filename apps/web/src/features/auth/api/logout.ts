import { apiRequest } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session-store';

/** DELETE /api/v1/auth: clears the HttpOnly proxy cookie, which the page itself cannot touch. */
export const deleteSession = (): Promise<void> =>
  apiRequest('/api/v1/auth', null, { method: 'DELETE', authenticated: false });

/**
 * Logs out: forgets the tokens at once and tells the server, whose failure changes nothing for the user.
 * Navigation to /login follows from the session change (see SessionWatcher). Several failing calls may
 * each ask for a logout; only the first one has a session to end.
 */
export function logout(): void {
  const hadSession = getSession() !== null;
  clearSession();
  if (hadSession) deleteSession().catch(() => undefined);
}
