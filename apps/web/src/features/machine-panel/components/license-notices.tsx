import { format } from 'date-fns';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { LicenseStanding } from './license-standing';

const DAY_FORMAT = 'yyyy-MM-dd';

/**
 * The licence notices of the control panel (specification section 2): the days left when fewer than 30
 * remain, the end date for administrators, and a red alert for everyone once it has expired.
 */
export function LicenseNotices({
  standing,
  isAdministrator,
}: {
  standing: LicenseStanding;
  isAdministrator: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {standing.expired && (
        <Alert variant="danger">
          <i className="bi bi-x-octagon me-2" aria-hidden="true" />
          {isAdministrator ? t('machinePanel.license.expiredAdmin') : t('machinePanel.license.expired')}
        </Alert>
      )}
      {standing.warningDaysLeft !== null && (
        <Alert variant="warning">
          <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
          {standing.warningDaysLeft === 0
            ? t('machinePanel.license.expiresToday')
            : t('machinePanel.license.expiring', { count: standing.warningDaysLeft })}
        </Alert>
      )}
      {isAdministrator && standing.end !== null && (
        <Alert variant="info">
          <i className="bi bi-info-circle me-2" aria-hidden="true" />
          {t(standing.expired ? 'machinePanel.license.endedOn' : 'machinePanel.license.endsOn', {
            date: format(standing.end, DAY_FORMAT),
          })}
        </Alert>
      )}
    </>
  );
}
