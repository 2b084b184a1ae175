import { can, canIn, type MachineGroupUser } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { useCatalog } from '../../../features/catalog/api/get-catalog';
import { controllersKey } from '../../../features/controllers/api/controller-keys';
import { useControllerChoices } from '../../../features/controllers/api/get-controller-choices';
import { ExternalAccessCard } from '../../../features/external-access/components/external-access-card';
import { useMachineGroup } from '../../../features/machine-groups/api/get-machine-group';
import { MachineGroupSettings } from '../../../features/machine-groups/components/machine-group-settings';
import { MaintenanceOverrides } from '../../../features/maintenance/components/maintenance-overrides';
import { RelatedTickets } from '../../../features/tickets/components/related-tickets';
import { useBusinessChoices } from '../../../lib/choices';
import { parseId } from '../../../lib/route-params';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { useNamedChoices } from '../../hardware/named-choices';
import { isMissingRecord, RecordNotFound, recordNotFoundTitle } from '../record-not-found';

/**
 * /settings/machine-group/{id} and /machines/{id}/settings: one screen. A missing id or a group that
 * cannot be loaded is the machine's not-found page, at this address (docs/product.md §8).
 */
export default function MachineGroupSettingsRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const claims = useSession()?.claims;
  const id = parseId(useParams().id);
  const { data: group, isError, error, refetch } = useMachineGroup(id ?? undefined);
  const missing = id === null || (isError && (!group || isMissingRecord(error)));
  const isAdministrator = claims !== undefined && can(claims.role, 'machineGroupAdminEdits');
  const editsPlans = claims !== undefined && can(claims.role, 'maintenancePlans');

  const machineTypes = useNamedChoices(useCatalog('machines', { enabled: isAdministrator }).data);
  const businesses = useNamedChoices(useBusinessChoices({ enabled: isAdministrator }).data);
  const controllers = useControllerChoices({
    business: group?.business,
    current: group?.computer,
    enabled: isAdministrator,
  });
  const canRemoveUser = useCallback(
    (user: MachineGroupUser) => claims !== undefined && canIn(claims, 'manageUsers', user.business),
    [claims],
  );
  usePageTitle(
    missing
      ? recordNotFoundTitle(t, 'machine', error ?? undefined)
      : (group?.name ?? t('hardware.machineGroups.settings.title')),
  );

  if (missing)
    return <RecordNotFound kind="machine" error={error ?? undefined} onRetry={() => void refetch()} />;
  if (!group) return <PageSpinner />;
  const adminChoices =
    machineTypes.choices && businesses.choices && controllers
      ? {
          machineTypes: machineTypes.choices,
          businesses: businesses.choices,
          controllers,
          onControllersChanged: () => queryClient.invalidateQueries({ queryKey: controllersKey }),
        }
      : undefined;
  return (
    <>
      <Link to={paths.machines.getHref(lang)} className="d-inline-block mb-3">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t('externalAccess.back')}
      </Link>
      <MachineGroupSettings
        key={group.id}
        group={group}
        isAdministrator={isAdministrator}
        adminChoices={adminChoices}
        canRemoveUser={canRemoveUser}
        relatedTickets={<RelatedTickets machineGroupId={group.id} />}
      />
      {editsPlans && <MaintenanceOverrides key={group.id} machine={group.id} machineType={group.machine} />}
      {claims && <ExternalAccessCard controllerId={group.computer || null} role={claims.role} />}
    </>
  );
}
