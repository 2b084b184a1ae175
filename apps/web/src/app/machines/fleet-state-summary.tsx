import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { countByState, FLEET_STATES, paramsOfView } from '../../features/fleet/lib/fleet-glance';
import { useNow } from '../../lib/timers';
import { useLanguage } from '../../lib/use-language';
import { useFleetGlance } from './use-fleet-glance';

const TEXT: Record<(typeof FLEET_STATES)[number], string> = {
  attention: 'text-danger-emphasis',
  printing: 'text-primary-emphasis',
  idle: 'text-success-emphasis',
  offline: 'text-body-secondary',
};

/**
 * The dashboard's line under the machine count: how many machines are in each state of the machine list, each a
 * link to the list filtered by it (docs/product.md §2).
 */
export function FleetStateSummary() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { machines } = useFleetGlance();
  const now = useNow(60_000);
  if (!machines) {
    return <p className="text-body-secondary small mb-0">{t('fleet.dashboard.onlineLoading')}</p>;
  }
  const counts = countByState(machines, now);
  return (
    <nav aria-label={t('fleet.dashboard.byState')} className="mt-2">
      <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0" data-testid="machines-by-state">
        {FLEET_STATES.map((state) => (
          <li key={state}>
            <Link
              to={paths.machinesView.getHref(lang, paramsOfView({ state, sort: 'attention', query: '' }))}
              className={`${TEXT[state]} fw-medium`}
              data-fleet-state={state}
            >
              <span className="fs-5">{counts[state]}</span> {t(`fleet.glance.states.${state}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
