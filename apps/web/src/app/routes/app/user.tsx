import { can } from '@portal/contract';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { FragmentTabs } from '../../../components/ui/fragment-tabs';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { TwoFactorCard } from '../../../features/auth/components/two-factor-card';
import { TwoFactorReset } from '../../../features/auth/components/two-factor-reset';
import { useBusiness } from '../../../features/business/api/get-business';
import { NotificationPreferencesCard } from '../../../features/notifications/components/notification-preferences';
import { useUser } from '../../../features/users/api/get-user';
import { PushSection } from '../../../features/users/components/push-status';
import { UserMachines } from '../../../features/users/components/user-machines';
import { UserPreferences } from '../../../features/users/components/user-preferences';
import { UserProfile } from '../../../features/users/components/user-profile';
import { UserProfileForm } from '../../../features/users/components/user-profile-form';
import { UserRecords } from '../../../features/users/components/user-records';
import { parseId } from '../../../lib/route-params';
import { useSession } from '../../../lib/session-store';
import { resolveTab } from '../../../lib/tabs';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { isMissingRecord, RecordNotFound, recordNotFoundTitle } from '../record-not-found';

const ALL_TABS = ['profile', 'addresses', 'contacts', 'machines', 'preferences'] as const;
type UserTab = (typeof ALL_TABS)[number];

/** The machines and preferences tabs are hidden from customers (docs/product.md §6). */
const visibleTabs = (role: Parameters<typeof can>[0]): UserTab[] =>
  ALL_TABS.filter(
    (tab) =>
      (tab !== 'machines' || can(role, 'userMachinesTab')) &&
      (tab !== 'preferences' || can(role, 'userPreferencesTab')),
  );

export default function UserRoute() {
  const { t } = useTranslation();
  const _lang = useLanguage();
  const { hash } = useLocation();
  const viewer = useSession()?.claims;
  const id = parseId(useParams().id);
  const { data: user, isError, error, refetch } = useUser(id ?? undefined, { silent: true });
  const missing = id === null || (isError && (!user || isMissingRecord(error)));
  const { data: business } = useBusiness(user?.business);
  const fullName = user ? `${user.name} ${user.surname || '_'}` : '';
  usePageTitle(missing ? recordNotFoundTitle(t, 'user', error ?? undefined) : fullName || t('user.title'));

  // A user that cannot be loaded is the user's not-found page, at this address (docs/product.md §8).
  if (missing)
    return <RecordNotFound kind="user" error={error ?? undefined} onRetry={() => void refetch()} />;
  if (!user || !viewer) return <PageSpinner />;
  const tabs = visibleTabs(viewer.role);
  const tab = resolveTab(hash, tabs, 'profile');
  return (
    <>
      <h1 className="h3 mb-4">{fullName}</h1>
      <FragmentTabs
        label={t('user.tabs.label')}
        active={tab}
        tabs={tabs.map((key) => ({ key, label: t(`user.tabs.${key}`) }))}
      />
      {tab === 'profile' && (
        <div className="d-grid gap-4">
          <UserProfile user={user} businessName={business?.name} />
          <UserProfileForm user={user} viewer={viewer} />
          {user.id === viewer.id && <TwoFactorCard />}
          {user.id !== viewer.id && can(viewer.role, 'resetTwoFactor') && <TwoFactorReset userId={user.id} />}
          {/* Customers have no preferences tab, yet their tickets' answers reach them by push: this browser's
              push switch stands on their own profile instead. */}
          {user.id === viewer.id && !can(viewer.role, 'userPreferencesTab') && (
            <>
              <NotificationPreferencesCard />
              <Card>
                <Card.Body>
                  <PushSection />
                </Card.Body>
              </Card>
            </>
          )}
        </div>
      )}
      {tab === 'addresses' && <UserRecords kind="addresses" userId={user.id} />}
      {tab === 'contacts' && <UserRecords kind="contacts" userId={user.id} />}
      {tab === 'machines' && <UserMachines user={user} viewer={viewer} />}
      {tab === 'preferences' && (
        <div className="d-grid gap-4">
          {/* One's own channels per kind; the older switches below are the push defaults (and what an
              administrator sets for others). */}
          {user.id === viewer.id && <NotificationPreferencesCard />}
          <UserPreferences userId={user.id} />
        </div>
      )}
    </>
  );
}
