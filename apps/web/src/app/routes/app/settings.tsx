import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FragmentTabs } from '../../../components/ui/fragment-tabs';
import { RolesTable } from '../../../features/settings/components/roles-table';
import { UsersTable } from '../../../features/users/components/users-table';
import { resolveTab } from '../../../lib/tabs';
import { usePageTitle } from '../../../lib/use-page-title';

// Tabs that exist so far; a fragment naming another one shows the first.
const TABS = ['users', 'roles'] as const;

export default function SettingsRoute() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const tab = resolveTab(hash, TABS, 'roles');
  usePageTitle(t('settings.title'));
  return (
    <>
      <h1 className="h3 mb-4">{t('settings.title')}</h1>
      <FragmentTabs
        label={t('settings.tabs.label')}
        active={tab}
        tabs={TABS.map((key) => ({ key, label: t(`settings.tabs.${key}`) }))}
      />
      {tab === 'users' && <UsersTable />}
      {tab === 'roles' && <RolesTable />}
    </>
  );
}
