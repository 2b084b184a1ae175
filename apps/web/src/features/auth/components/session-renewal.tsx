import { useEffect, useState } from 'react';
import { renewalAt } from '../../../lib/session';
import { inUseSince, onLiveViewHeld, watchInput } from '../../../lib/session-activity';
import { sessionEndReasonOf } from '../../../lib/session-end';
import { getSession, storeSession, useSession } from '../../../lib/session-store';
import { useAt } from '../../../lib/timers';
import { logout } from '../api/logout';
import { renewSession } from '../api/renew-session';

/** A renewal that failed without ending the session (the network, a restarting server) is tried again this soon. */
const RETRY_MS = 15_000;

/**
 * Renews the session shortly before it runs out while the page is in use or is the wall view on screen, so a
 * workshop display keeps running (at once when the wall is shown again past its renewal time); an idle page is
 * left to the expiry popup. Other tabs pick the renewed session up
 * from storage. An answer that ends the session logs out with its reason.
 */
export function SessionRenewal() {
  const session = useSession();
  const [retryAt, setRetryAt] = useState<number | null>(null);
  useEffect(() => watchInput(), []);
  // The wall view shown again after its renewal came due while hidden: renew now rather than let it run out.
  useEffect(
    () =>
      onLiveViewHeld(() => {
        const current = getSession();
        if (current && Date.now() >= renewalAt(current.claims, current.receivedAt)) setRetryAt(Date.now());
      }),
    [],
  );

  const due = session ? (retryAt ?? renewalAt(session.claims, session.receivedAt)) : null;
  useAt(due, () => {
    const current = getSession();
    setRetryAt(null);
    if (!current || !inUseSince(current.receivedAt)) return;
    renewSession(current).then(
      (renewed) => {
        // A logout or another tab's renewal meanwhile wins over this answer.
        if (getSession()?.token === current.token) storeSession(renewed);
      },
      (error: unknown) => {
        const reason = sessionEndReasonOf(error, false);
        if (reason) logout(reason);
        else setRetryAt(Date.now() + RETRY_MS);
      },
    );
  });
  return null;
}
