import { can, canIn } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { FragmentTabs } from '../../../components/ui/fragment-tabs';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useBusiness } from '../../../features/business/api/get-business';
import { BusinessData } from '../../../features/business/components/business-data';
import { BusinessStatusBadge } from '../../../features/business/components/business-status-badge';
import { BusinessStatusToggle } from '../../../features/business/components/business-status-toggle';
import { LicensesTable } from '../../../features/licenses/components/licenses-table';
import { ServiceConsentCard } from '../../../features/service-sessions/components/service-consent-card';
import { UsersTable } from '../../../features/users/components/users-table';
import { parseId } from '../../../lib/route-params';
import { useSession } from '../../../lib/session-store';
import { resolveTab } from '../../../lib/tabs';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { MachineGroupsPanel } from '../../hardware/machine-groups-panel';
import { isMissingRecord, RecordNotFound, recordNotFoundTitle } from '../record-not-found';

// The tabs of docs/product.md §2; a fragment naming none of them shows the first.
const TABS = ['data', 'licenses', 'users', 'machinegroups'] as const;

/** The company page: administrators reach every business, managers their own (the Company link). */
export default function BusinessRoute() {
  const { t } = useTranslation();
  const _lang = useLanguage();
  const { hash } = useLocation();
  const session = useSession();
  const id = parseId(useParams().id);
  const allowed = session !== null && id !== null && canIn(session.claims, 'companyLink', id);
  const { data: business, isError, error, refetch } = useBusiness(allowed ? id : undefined);
  const missing = !allowed || (isError && (!business || isMissingRecord(error)));
  usePageTitle(
    missing
      ? recordNotFoundTitle(t, 'business', error ?? undefined)
      : (business?.name ?? t('businesses.page.title')),
  );

  // Anyone else's business, and a business that cannot be loaded, is the business's not-found page.
  if (missing)
    return <RecordNotFound kind="business" error={error ?? undefined} onRetry={() => void refetch()} />;
  if (!business) return <PageSpinner />;
  // Who administers /settings (its businesses tab) edits, suspends and licenses businesses.
  const administers = can(session.claims.role, 'settings');
  const tab = resolveTab(hash, TABS, 'data');
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <h1 className="h3 mb-0 text-break">{business.name}</h1>
        <BusinessStatusBadge active={business.active} />
        {administers && (
          <div className="ms-auto">
            <BusinessStatusToggle business={business} />
          </div>
        )}
      </div>
      <FragmentTabs
        label={t('businesses.page.tabs.label')}
        active={tab}
        tabs={TABS.map((key) => ({ key, label: t(`businesses.page.tabs.${key}`) }))}
      />
      {tab === 'data' && (
        <>
          <BusinessData business={business} editable={administers} />
          {can(session.claims.role, 'businessList') && (
            <ServiceConsentCard
              business={business.id}
              editable={canIn(session.claims, 'serviceConsent', business.id)}
            />
          )}
        </>
      )}
      {tab === 'licenses' && (
        <LicensesTable business={business.id} manage={can(session.claims.role, 'createMachineGroups')} />
      )}
      {tab === 'users' && <UsersTable business={business.id} />}
      {tab === 'machinegroups' && <MachineGroupsPanel business={business.id} />}
    </>
  );
}
