import { isLicenseExpired, type License } from '@portal/contract';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Expired (never activated, or its end has passed: specification section 3) or valid. */
export function LicenseStatusBadge({ license, now }: { license: License; now: number }) {
  const { t } = useTranslation();
  const expired = isLicenseExpired(license, now);
  return (
    <Badge bg={expired ? 'danger' : 'success'}>
      {expired ? t('licenses.status.expired') : t('licenses.status.valid')}
    </Badge>
  );
}
