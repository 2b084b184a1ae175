import type { SessionClaims } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useTimeLeft } from '../hooks/use-time-left';

/** The session time remaining, refreshed every second; its own component so only it re-renders. */
export function TimeLeft({ claims }: { claims: SessionClaims }) {
  const { t } = useTranslation();
  const timeLeft = useTimeLeft(claims);
  return (
    <span className="small text-body-secondary text-nowrap" title={t('userMenu.timeLeft')}>
      {/* The icon gives way on phones, where the top bar has no pixel to spare. */}
      <i className="bi bi-hourglass-split me-1 d-none d-sm-inline" aria-hidden="true" />
      <span className="visually-hidden">{t('userMenu.timeLeft')}: </span>
      <span data-testid="time-left">{timeLeft}</span>
    </span>
  );
}
