import { lazy, Suspense, useState } from 'react';
import { expiresAt, warningAt } from '../../../lib/session';
import { inUseSince } from '../../../lib/session-activity';
import { useSession } from '../../../lib/session-store';
import { useAt } from '../../../lib/timers';

/** The popup itself (a dialog with a login form) loads the first time it is due, never with the shell. */
const SessionExpiryForm = lazy(() =>
  import('./session-expiry-form').then((module) => ({ default: module.SessionExpiryForm })),
);

/**
 * Two minutes before the session ends, a normal modal asks for the password and logs in again with it,
 * replacing the session. A wrong password only shows the error toast: the popup stays and the session
 * goes on.
 */
export function SessionExpiryDialog({ email }: { email: string | undefined }) {
  const session = useSession();
  const expiry = session ? expiresAt(session.claims) : null;
  // Both remember the expiry they belong to, so a renewed session starts with a closed popup; a renewal
  // that brings no later expiry still closes it.
  const [dueFor, setDueFor] = useState<number | null>(null);
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const show = expiry !== null && dueFor === expiry && closedFor !== expiry;

  // A page in use (input since its token, or live data) renews its session instead of asking.
  useAt(session ? warningAt(session.claims) : null, () => {
    if (session && !inUseSince(session.receivedAt)) setDueFor(expiry);
  });

  // Once due, the popup stays mounted (shown or not), as the dialog it draws expects.
  if (dueFor === null) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryForm
        show={show}
        email={email}
        claims={session?.claims}
        onClose={() => setClosedFor(expiry)}
      />
    </Suspense>
  );
}
