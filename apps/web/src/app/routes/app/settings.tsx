import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FragmentTabs } from '../../../components/ui/fragment-tabs';
import type { SettingsTab } from '../../../config/paths';
import { BusinessesTable } from '../../../features/business/components/businesses-table';
import { RolesTable } from '../../../features/settings/components/roles-table';
import { SessionSettingsForm } from '../../../features/settings/components/session-settings-form';
import { TwoFactorSetting } from '../../../features/settings/components/two-factor-setting';
import { UsersTable } from '../../../features/users/components/users-table';
import { resolveTab } from '../../../lib/tabs';
import { usePageTitle } from '../../../lib/use-page-title';
import { CatalogPanel } from '../../hardware/catalog-panel';
import { ControllersPanel } from '../../hardware/controllers-panel';
import { MachineGroupsPanel } from '../../hardware/machine-groups-panel';

// Tabs in the order of docs/product.md §2; without a fragment naming one, the roles tab.
const TABS = [
  'users',
  'businesses',
  'groups',
  'machinegroups',
  'computercontrollers',
  'roles',
  'sessions',
] as const satisfies readonly SettingsTab[];

const TAB_LABELS: Record<(typeof TABS)[number], ParseKeys> = {
  users: 'settings.tabs.users',
  businesses: 'settings.tabs.businesses',
  groups: 'hardware.tabs.groups',
  machinegroups: 'hardware.tabs.machinegroups',
  computercontrollers: 'hardware.tabs.computercontrollers',
  roles: 'settings.tabs.roles',
  sessions: 'settings.tabs.sessions',
};

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
        tabs={TABS.map((key) => ({ key, label: t(TAB_LABELS[key]) }))}
      />
      {tab === 'users' && <UsersTable />}
      {tab === 'businesses' && <BusinessesTable />}
      {tab === 'groups' && <CatalogPanel />}
      {tab === 'machinegroups' && <MachineGroupsPanel />}
      {tab === 'computercontrollers' && <ControllersPanel />}
      {tab === 'roles' && <RolesTable />}
      {tab === 'sessions' && (
        <div className="d-grid gap-4">
          <SessionSettingsForm />
          <TwoFactorSetting />
        </div>
      )}
    </>
  );
}
