import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useAt, useNow } from '../../../lib/timers';
import { useLanguage } from '../../../lib/use-language';
import { useRefreshServiceSessions } from '../api/change-service-session';
import { useMachineOpenSessions } from '../api/get-service-sessions';
import { liveState, personName } from '../lib/service-session-rules';

// Who has control changes on the minute at most (ends are shown to the minute); their exact end is watched apart.
const CLOCK_MS = 30_000;

/**
 * The machine page's "Remote control now": who outside the business has an active service session on this
 * machine, until when, and the ticket it was asked from; nothing at all while no one has.
 */
export function RemoteControlNow({ controllerId }: { controllerId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const tick = useNow(CLOCK_MS);
  // Set at the very instant the first active session ends, so it flips then rather than at the next tick.
  const [reached, setReached] = useState(0);
  const now = Math.max(tick, reached);
  const refresh = useRefreshServiceSessions();
  const active = (useMachineOpenSessions(controllerId).data ?? []).filter(
    (session) => liveState(session, now) === 'active' && session.endsAt !== null,
  );
  const ends = active.map((session) => Date.parse(session.endsAt as string));
  useAt(ends.length > 0 ? Math.min(...ends) : null, () => {
    setReached(Date.now());
    refresh();
  });
  if (active.length === 0) return null;
  return (
    <section
      className="alert alert-info mb-3"
      aria-labelledby="remote-control-now-title"
      data-testid="remote-control-now"
    >
      <h2 id="remote-control-now-title" className="h6">
        <i className="bi bi-person-gear me-2" aria-hidden="true" />
        {t('serviceSessions.now.title')}
      </h2>
      <ul className="mb-0">
        {active.map((session) => (
          <li key={session.id} data-testid="remote-control-now-session">
            {t('serviceSessions.now.until', {
              name: personName(session.requester) ?? t('serviceSessions.unknownPerson'),
              time: formatDateTime(session.endsAt as string, lang),
            })}
            {session.ticket !== null && (
              <>
                {' '}
                (
                <Link to={paths.ticket.getHref(lang, session.ticket)}>
                  {t('serviceSessions.now.ticket', { id: session.ticket })}
                </Link>
                )
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
