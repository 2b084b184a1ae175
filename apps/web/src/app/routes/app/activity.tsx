import { can, reachOf } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { ActivityTable } from '../../../features/activity/components/activity-table';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';

/** /activity: the activity record the user may read (docs/design.md §9), with an administrator's integrity check. */
export default function ActivityRoute() {
  const { t } = useTranslation();
  usePageTitle(t('activity.title'));
  const role = useSession()?.claims.role;
  return (
    <>
      <h1 className="h3 mb-4">{t('activity.title')}</h1>
      <ActivityTable
        fileName="activity.csv"
        canVerify={role !== undefined && can(role, 'activityCheck')}
        canFilterBusiness={role !== undefined && reachOf(role, 'activityRecord') === 'all'}
      />
    </>
  );
}
