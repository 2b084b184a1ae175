import type { MachineHeater } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** A temperature with one decimal in the page's language ('205,3' in Italian). */
const formatTemperature = (value: number, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** The machine's heaters, bed first: the current temperature and, while heating, the target. */
export function MachineTemperatures({ heaters }: { heaters: readonly MachineHeater[] }) {
  const { t, i18n } = useTranslation();
  if (heaters.length === 0) return null;
  return (
    <section aria-label={t('fleet.card.temperatures')}>
      <dl className="d-flex flex-wrap gap-3 small mb-0" data-testid="machine-temperatures">
        {heaters.map((heater) => {
          const current = heater.current === null ? '–' : formatTemperature(heater.current, i18n.language);
          const target = heater.target === null ? null : formatTemperature(heater.target, i18n.language);
          return (
            <div key={`${heater.kind}-${heater.number}`} className="d-flex gap-1">
              <dt className="fw-normal text-body-secondary">
                <i
                  className={`bi bi-${heater.kind === 'bed' ? 'grid-3x3' : 'thermometer-half'} me-1`}
                  aria-hidden="true"
                />
                {t(`fleet.card.heater.${heater.kind}`, { number: heater.number })}
              </dt>
              <dd className="mb-0 font-monospace">
                {target === null ? (
                  t('fleet.card.temperature', { current })
                ) : (
                  <>
                    <span aria-hidden="true">
                      {t('fleet.card.temperatureWithTarget', { current, target })}
                    </span>
                    <span className="visually-hidden">
                      {t('fleet.card.temperatureLabel', { current, target })}
                    </span>
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
