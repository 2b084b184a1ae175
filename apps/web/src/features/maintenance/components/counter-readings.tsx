import type { MaintenanceCounters, MaintenanceIntervals } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/use-language';
import { formatAmount } from '../lib/maintenance-format';
import { criteriaInForce } from '../lib/maintenance-rules';

/**
 * What a machine did since a task was last done, against each interval in force ("Giorni: 40 su 30"), one line
 * per criterion; a reading that has reached its interval is marked.
 */
export function CounterReadings({
  counters,
  intervals,
}: {
  counters: MaintenanceCounters;
  intervals: MaintenanceIntervals;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="list-unstyled mb-0 small">
      {criteriaInForce(counters, intervals).map((reading) => (
        <li key={reading.criterion} data-testid="maintenance-reading" data-criterion={reading.criterion}>
          {reading.fraction >= 1 && (
            <i className="bi bi-exclamation-triangle-fill text-danger-emphasis me-1" aria-hidden="true" />
          )}
          {t('maintenance.reading', {
            label: t(`maintenance.criteria.${reading.criterion}`),
            counter: formatAmount(reading.counter, reading.criterion, language),
            interval: formatAmount(reading.interval, reading.criterion, language),
          })}
        </li>
      ))}
    </ul>
  );
}

/** A task's intervals as words ("ogni 30 giorni, ogni 100 ore di stampa"). */
export function IntervalsText({ intervals }: { intervals: MaintenanceIntervals }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const parts = criteriaInForce({ hours: 0, jobs: 0, metres: 0, days: 0 }, intervals).map((reading) =>
    t(`maintenance.every.${reading.criterion}`, { count: reading.interval }),
  );
  return <>{new Intl.ListFormat(language, { style: 'long', type: 'disjunction' }).format(parts)}</>;
}
