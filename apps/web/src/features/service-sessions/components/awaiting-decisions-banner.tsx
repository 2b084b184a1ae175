import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useAwaitingServiceSessions } from '../api/get-service-sessions';

/**
 * The signed-in shell's notice of requests for remote service the viewer may decide (the business's managers, the
 * ticket's customer): how many, and the tickets they were asked from. Read every 30 s and when the window gets the
 * focus back; nothing while none awaits.
 */
export function AwaitingDecisionsBanner({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data } = useAwaitingServiceSessions(enabled);
  if (!enabled || !data || data.length === 0) return null;
  const tickets = [...new Set(data.map((session) => session.ticket).filter((id) => id !== null))];
  return (
    <div
      className="alert alert-warning d-flex flex-wrap align-items-center gap-2"
      role="status"
      data-testid="service-requests-banner"
    >
      <i className="bi bi-person-exclamation" aria-hidden="true" />
      <span>{t('serviceSessions.banner.text', { count: data.length })}</span>
      {tickets.length > 0 && (
        <nav aria-label={t('serviceSessions.banner.tickets')}>
          <ul className="list-inline mb-0">
            {tickets.map((id) => (
              <li key={id} className="list-inline-item">
                <Link to={paths.ticket.getHref(lang, id)} className="alert-link">
                  {t('serviceSessions.banner.ticket', { id })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
