import { useTranslation } from 'react-i18next';
import { durationParts } from '../lib/service-session-rules';

/** A session's length in words: "4 hours", "3 days". */
export function useDurationLabel(): (hours: number) => string {
  const { t } = useTranslation();
  return (hours) => {
    const { unit, count } = durationParts(hours);
    return unit === 'days' ? t('serviceSessions.days', { count }) : t('serviceSessions.hours', { count });
  };
}
