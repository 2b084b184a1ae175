import type { ServiceSession, ServiceSessionState } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { personName } from '../lib/service-session-rules';

/**
 * In place of the control panel once the service session it ran under is over: who ended it and when (or that its
 * time ran out), and the ticket to ask again from (docs/design.md §11).
 */
export function SessionEndedCover({
  session,
  state,
}: {
  session: ServiceSession;
  state: ServiceSessionState;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const at = session.endedAt ?? session.endsAt;
  const time = at ? formatDateTime(at, lang) : '';
  return (
    <div
      className="d-flex flex-column justify-content-center align-items-center text-center p-4 machine-panel-frame"
      role="status"
      data-testid="panel-session-ended"
    >
      <i className="bi bi-person-slash display-6 text-body-secondary mb-2" aria-hidden="true" />
      <h3 className="h5">{t('serviceSessions.panelEnded.title')}</h3>
      <p className="mb-2">
        {state === 'expired'
          ? t('serviceSessions.panelEnded.expired', { time })
          : t('serviceSessions.panelEnded.endedBy', {
              name: personName(session.endedBy) ?? t('serviceSessions.unknownPerson'),
              time,
            })}
      </p>
      <p className="text-body-secondary small mb-3">{t('serviceSessions.panelEnded.text')}</p>
      {session.ticket !== null && (
        <Link className="btn btn-outline-primary btn-sm" to={paths.ticket.getHref(lang, session.ticket)}>
          {t('serviceSessions.now.ticket', { id: session.ticket })}
        </Link>
      )}
    </div>
  );
}
