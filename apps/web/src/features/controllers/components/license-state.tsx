import { isLicenseExpired, type License, licenseEnd } from '@portal/contract';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';

/** The state of the controller's current licence: not activated, expired, or the day it ends. */
export function LicenseState({ license }: { license: License }) {
  const { t } = useTranslation();
  const end = licenseEnd(license);
  const text =
    end === null
      ? t('hardware.controllers.license.notActivated', { id: license.id })
      : isLicenseExpired(license, Date.now())
        ? t('hardware.controllers.license.expired', { id: license.id, date: format(end, 'yyyy-MM-dd') })
        : t('hardware.controllers.license.ends', { id: license.id, date: format(end, 'yyyy-MM-dd') });
  return (
    <p
      className={
        end !== null && isLicenseExpired(license, Date.now()) ? 'text-danger' : 'text-body-secondary'
      }
    >
      {text}
    </p>
  );
}
