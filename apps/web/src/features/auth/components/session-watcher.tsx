import { useEffect, useRef } from 'react';
import { expiresAt } from '../../../lib/session';
import { useSession } from '../../../lib/session-store';
import { useAt } from '../../../lib/timers';
import { logout } from '../api/logout';

/**
 * Logs out when the session token expires, and reports every end of a session (logout, expiry, a 401,
 * another tab) so the caller can drop the previous user's cached data.
 */
export function SessionWatcher({ onSignedOut }: { onSignedOut: () => void }) {
  const session = useSession();
  const expiry = session ? expiresAt(session.claims) : null;

  useAt(expiry, () => logout('SESSION_EXPIRED'));

  const wasSignedIn = useRef(session !== null);
  useEffect(() => {
    if (wasSignedIn.current && session === null) onSignedOut();
    wasSignedIn.current = session !== null;
  }, [session, onSignedOut]);

  return null;
}
