import { type License, type LicenseState, licenseStateOf } from '@portal/contract';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

const VARIANTS: Record<LicenseState, string> = {
  notActivated: 'secondary',
  active: 'success',
  expiring: 'warning',
  expired: 'danger',
};

/** The licence's state as every screen names it (the contract's `licenseStateOf`), in its colour. */
export function LicenseStatusBadge({ license, now }: { license: License; now: number }) {
  const { t } = useTranslation();
  const state = licenseStateOf(license, now);
  return (
    <Badge bg={VARIANTS[state]} text={state === 'expiring' ? 'dark' : undefined} data-license-state={state}>
      {t(`licenses.status.${state}`)}
    </Badge>
  );
}
