import { type License, licenseEnd, licenseStateOf } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/calendar-day';

/** The controller's current licence as every screen names it: not activated, active, expiring or expired. */
export function LicenseState({ license }: { license: License }) {
  const { t } = useTranslation();
  const end = licenseEnd(license);
  const date = end === null ? '' : formatDay(end);
  const state = licenseStateOf(license, Date.now());
  const text = {
    notActivated: () => t('hardware.controllers.license.notActivated', { id: license.id }),
    active: () => t('hardware.controllers.license.ends', { id: license.id, date }),
    expiring: () => t('hardware.controllers.license.ends', { id: license.id, date }),
    expired: () => t('hardware.controllers.license.expired', { id: license.id, date }),
  }[state]();
  const tone = {
    notActivated: 'text-body-secondary',
    active: 'text-body-secondary',
    expiring: 'text-warning-emphasis',
    expired: 'text-danger',
  }[state];
  return <p className={tone}>{text}</p>;
}
