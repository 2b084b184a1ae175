import { reachOf } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { InsightScreen } from '../../../features/insight/components/insight-screen';
import { useSession } from '../../../lib/session-store';
import { usePageTitle } from '../../../lib/use-page-title';

/** /insight: how the fleet was used, for managers and administrators (docs/design.md §12). */
export default function InsightRoute() {
  const { t } = useTranslation();
  usePageTitle(t('insight.title'));
  const role = useSession()?.claims.role;
  return (
    <>
      <h1 className="h3 mb-3">{t('insight.title')}</h1>
      <InsightScreen canFilterBusiness={role !== undefined && reachOf(role, 'fleetInsight') === 'all'} />
    </>
  );
}
