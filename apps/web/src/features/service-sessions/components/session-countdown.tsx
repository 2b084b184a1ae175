import { useTranslation } from 'react-i18next';
import { countdownParts } from '../lib/service-session-rules';

/** What is left of an active session, given the page's clock (ticking every second). */
export function SessionCountdown({ endsAt, now }: { endsAt: number; now: number }) {
  const { t } = useTranslation();
  const { days, clock } = countdownParts(endsAt, now);
  const text = days > 0 ? t('serviceSessions.countdownDays', { count: days, clock }) : clock;
  return (
    <span className="fw-semibold font-monospace" role="timer" data-testid="service-session-countdown">
      {text}
    </span>
  );
}
