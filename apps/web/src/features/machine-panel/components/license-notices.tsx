import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/calendar-day';
import { useLanguage } from '../../../lib/use-language';
import type { LicenseStanding } from './license-standing';

/** The states in which the machine may not be used, each with its own notice. */
type ClosedState = 'none' | 'notActivated' | 'expired';
const closedState = (state: LicenseStanding['state']): ClosedState | null =>
  state === 'none' || state === 'notActivated' || state === 'expired' ? state : null;

export interface LicenseNoticesProps {
  standing: LicenseStanding;
  isAdministrator: boolean;
  /** The machine's computer controller, whose page is where an administrator assigns or renews its licence. */
  controllerId: number;
  /** Who a customer asks for a licence: the operator's name and contacts. */
  contact: string;
  /** What others than administrators may do about an ended or ending licence: ask for its renewal. */
  action?: ReactNode;
}

/**
 * The licence notices of the control panel (docs/product.md §2): the days left when fewer than 30 remain, the
 * end date for administrators, and, when the machine may not be used, why (no licence, not activated yet,
 * ended on which day) with the next step: whom to contact, or for administrators where to renew it.
 */
export function LicenseNotices({
  standing,
  isAdministrator,
  controllerId,
  contact,
  action,
}: LicenseNoticesProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const end = standing.end === null ? '' : formatDay(standing.end);
  const closed = closedState(standing.state);
  return (
    <>
      {closed && (
        <Alert variant="danger" data-testid="license-closed" data-license-state={closed}>
          <i className="bi bi-x-octagon me-2" aria-hidden="true" />
          {isAdministrator
            ? t(`machinePanel.license.${closed}Admin`, { date: end })
            : t(`machinePanel.license.${closed}`, { date: end })}{' '}
          {isAdministrator ? (
            <Link className="alert-link" to={paths.computerController.getHref(lang, controllerId)}>
              {t('machinePanel.license.renew')}
            </Link>
          ) : (
            t('machinePanel.license.contact', { contact })
          )}
          {!isAdministrator && action && <div className="mt-2">{action}</div>}
        </Alert>
      )}
      {standing.warningDaysLeft !== null && (
        <Alert variant="warning" data-testid="license-expiring">
          <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
          {standing.warningDaysLeft === 0
            ? t('machinePanel.license.expiresToday')
            : t('machinePanel.license.expiring', { count: standing.warningDaysLeft })}
          {!isAdministrator && action && <div className="mt-2">{action}</div>}
        </Alert>
      )}
      {isAdministrator && standing.end !== null && standing.state !== 'expired' && (
        <Alert variant="info">
          <i className="bi bi-info-circle me-2" aria-hidden="true" />
          {t('machinePanel.license.endsOn', { date: end })}
        </Alert>
      )}
    </>
  );
}
