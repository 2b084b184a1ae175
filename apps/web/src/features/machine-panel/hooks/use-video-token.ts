import { useState } from 'react';
import { useSession } from '../../../lib/session-store';
import { useAt } from '../../../lib/timers';
import { useRenewVideoToken } from '../api/renew-video-token';
import { firstRenewalAt, nextRenewalAt, RENEW_RETRY_MS } from '../components/video-token-renewal';

/**
 * The webcam token, renewed before it ends for as long as the page shows the webcam (it lives minutes).
 * Null while a usable one is being fetched: a stream opened with a dead token would only show its alt text.
 */
export function useVideoToken(): string | null {
  const stored = useSession()?.videoToken ?? null;
  const [renewal, setRenewal] = useState(() => {
    const now = Date.now();
    const at = firstRenewalAt(stored, now);
    return { at, usable: at > now };
  });
  const renew = useRenewVideoToken();

  useAt(renew.isPending ? null : renewal.at, () => {
    renew.mutate(undefined, {
      onSuccess: (token) => setRenewal({ at: nextRenewalAt(token, Date.now()), usable: true }),
      onError: () => setRenewal((previous) => ({ ...previous, at: Date.now() + RENEW_RETRY_MS })),
    });
  });

  return renewal.usable ? stored : null;
}
