import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { FragmentTabs } from '../../../components/ui/fragment-tabs';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { useBusiness } from '../../../features/business/api/get-business';
import { useUser } from '../../../features/users/api/get-user';
import { UserProfile } from '../../../features/users/components/user-profile';
import { parseId } from '../../../lib/route-params';
import { resolveTab } from '../../../lib/tabs';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';

// Tabs that exist so far; a fragment naming another one shows the first.
const TABS = ['profile'] as const;

export default function UserRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { hash } = useLocation();
  const id = parseId(useParams().id);
  const { data: user, isError } = useUser(id ?? undefined);
  const { data: business } = useBusiness(user?.business);
  const fullName = user ? `${user.name} ${user.surname || '_'}` : '';
  usePageTitle(fullName || t('user.title'));

  // A user that cannot be loaded sends back to the users list (specification section 8).
  if (id === null || isError) return <Navigate replace to={paths.users.getHref(lang)} />;
  if (!user) return <PageSpinner />;
  const tab = resolveTab(hash, TABS, 'profile');
  return (
    <>
      <h1 className="h3 mb-4">{fullName}</h1>
      <FragmentTabs
        label={t('user.tabs.label')}
        active={tab}
        tabs={TABS.map((key) => ({ key, label: t(`user.tabs.${key}`) }))}
      />
      {tab === 'profile' && <UserProfile user={user} businessName={business?.name} />}
    </>
  );
}
