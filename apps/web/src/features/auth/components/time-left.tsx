import { TIME_LEFT_REFRESH_MS } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatTimeLeft } from '../../../lib/session';
import { useNow } from '../../../lib/timers';

/** The session time remaining, refreshed every second; its own component so only it re-renders. */
export function TimeLeft({ expiresAt }: { expiresAt: number }) {
  const { t } = useTranslation();
  const now = useNow(TIME_LEFT_REFRESH_MS);
  return (
    <span className="small text-body-secondary text-nowrap" title={t('userMenu.timeLeft')}>
      <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
      <span className="visually-hidden">{t('userMenu.timeLeft')}: </span>
      <span data-testid="time-left">{formatTimeLeft(expiresAt - now)}</span>
    </span>
  );
}
