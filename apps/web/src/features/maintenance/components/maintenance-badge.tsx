import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { badgeOf, type MaintenanceSummary } from '../lib/maintenance-rules';
import { STATE_VARIANTS } from './maintenance-state-badge';

export interface MaintenanceBadgeProps {
  machine: { id: number; name: string };
  /** The machine's tasks at a glance; undefined while they load or when its type has no plan. */
  summary: MaintenanceSummary | undefined;
}

/**
 * The small badge a machine card and the machine page show beside the machine's status when maintenance is
 * overdue or due soon: a link to the machine's maintenance page. Nothing while all is in order.
 */
export function MaintenanceBadge({ machine, summary }: MaintenanceBadgeProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const badge = badgeOf(summary);
  if (!badge) return null;
  return (
    <Link
      to={paths.machineMaintenance.getHref(lang, machine.id)}
      className={`badge rounded-pill text-bg-${STATE_VARIANTS[badge.state]} text-wrap text-decoration-none`}
      data-testid="maintenance-badge"
      data-state={badge.state}
    >
      <i className="bi bi-wrench-adjustable me-1" aria-hidden="true" />
      {t(`maintenance.badge.${badge.state}`, { count: badge.count })}
      <span className="visually-hidden"> {t('maintenance.badge.of', { machine: machine.name })}</span>
    </Link>
  );
}
