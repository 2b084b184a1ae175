import { can } from '@portal/contract';
import { useCatalog } from '../../features/catalog/api/get-catalog';
import { CatalogTab } from '../../features/catalog/components/catalog-tab';
import { MaintenancePlans } from '../../features/maintenance/components/maintenance-plans';
import { useSession } from '../../lib/session-store';
import { useNamedChoices } from './named-choices';

/** The machine types' maintenance plans, under the machine types they belong to. */
function MachineTypePlans() {
  const machineTypes = useNamedChoices(useCatalog('machines').data);
  return <MaintenancePlans machineTypes={machineTypes.choices} />;
}

/**
 * The groups tab of /settings: the three type catalogues and, under the machine types, their maintenance plans
 * for those who edit them (docs/design.md §12).
 */
export function CatalogPanel() {
  const role = useSession()?.claims.role;
  const editsPlans = role !== undefined && can(role, 'maintenancePlans');
  return <CatalogTab>{(catalog) => catalog === 'machines' && editsPlans && <MachineTypePlans />}</CatalogTab>;
}
