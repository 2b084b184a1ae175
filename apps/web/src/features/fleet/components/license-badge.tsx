import { useTranslation } from 'react-i18next';
import type { LicenseAlert } from '../lib/fleet-glance';

/** A machine card's licence, shown only when it needs attention: ending within the warning window, or not valid. */
export function LicenseBadge({ alert }: { alert: LicenseAlert }) {
  const { t } = useTranslation();
  if (!alert) return null;
  const expiring = alert.kind === 'expiring';
  return (
    <span
      className={`badge ${expiring ? 'text-bg-warning' : 'text-bg-danger'} text-wrap`}
      data-testid="machine-license"
      data-license={alert.kind}
    >
      <i className="bi bi-key me-1" aria-hidden="true" />
      {expiring
        ? t('fleet.glance.license.expiring', { count: alert.daysLeft })
        : t(`fleet.glance.license.${alert.kind}`)}
    </span>
  );
}
