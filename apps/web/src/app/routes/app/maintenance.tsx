import { reachOf } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FleetMaintenanceList } from '../../../features/maintenance/components/fleet-maintenance-list';
import { useBusinessChoices } from '../../../lib/choices';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNamedChoices } from '../../hardware/named-choices';

/**
 * /maintenance: every maintenance task on the machines the user sees, the most urgent first. Those who
 * see every business's machines (administrators) also filter by business.
 */
export default function MaintenanceRoute() {
  const { t } = useTranslation();
  usePageTitle(t('maintenance.title'));
  const role = useSession()?.claims.role;
  const everyBusiness = role !== undefined && reachOf(role, 'businessList') === 'all';
  const businesses = useNamedChoices(useBusinessChoices({ enabled: everyBusiness }).data);
  return (
    <>
      <h1 className="h3 mb-2">{t('maintenance.title')}</h1>
      <p className="text-body-secondary mb-4">{t('maintenance.fleet.intro')}</p>
      <FleetMaintenanceList businesses={everyBusiness ? (businesses.choices ?? []) : undefined} />
    </>
  );
}
