import { type ComputerController, can, type MachineGroup, Role } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { useMachineStatuses } from '../../../features/fleet/api/get-machine-statuses';
import { MachinePanel } from '../../../features/machine-panel/components/machine-panel';
import { useMachineMaintenance } from '../../../features/maintenance/api/get-machine-maintenance';
import { MaintenanceBadge } from '../../../features/maintenance/components/maintenance-badge';
import { summarise } from '../../../features/maintenance/lib/maintenance-rules';
import { useOperator } from '../../../features/operator/api/get-operator';
import { MachineQueuePanel } from '../../../features/print-queue/components/machine-queue-panel';
import { RemoteControlNow } from '../../../features/service-sessions/components/remote-control-now';
import { SessionEndedCover } from '../../../features/service-sessions/components/session-ended-cover';
import { useEndedSession } from '../../../features/service-sessions/hooks/use-ended-session';
import { useBusinessChoices } from '../../../lib/choices';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { LicenceRenewalButton } from '../../machines/licence-renewal';
import { MachineLiveSummary } from '../../machines/machine-live-summary';
import { MachineStateNotice, unreachableStateOf } from '../../machines/machine-state-notice';
import { ServiceSessionRequest } from '../../machines/service-session-request';
import { useMachineContext } from '../../machines/use-machine-context';
import { QueueLive } from '../../print-queue/queue-live';
import { useMachineTypeNames } from '../../print-queue/use-machine-type-names';
import { RecordNotFound, recordNotFoundTitle } from '../record-not-found';

/** /machines/{id}: the machine's control panel and webcam; a missing id or a failed load is the machine's not-found page. */
export default function MachineRoute() {
  const { t } = useTranslation();
  const _lang = useLanguage();
  const role = useSession()?.claims.role;
  const machine = useMachineContext();
  usePageTitle(
    machine.status === 'missing'
      ? recordNotFoundTitle(t, 'machine', machine.error)
      : machine.group?.name || t('machinePanel.title'),
  );

  if (machine.status === 'missing')
    return <RecordNotFound kind="machine" error={machine.error} onRetry={machine.retry} />;
  if (machine.status === 'loading' || role === undefined) return <PageSpinner />;
  return (
    <LiveMachinePanel
      key={machine.group.id}
      group={machine.group}
      controller={machine.controller}
      role={role}
    />
  );
}

/**
 * The panel with the fleet's live status beside it: the summary (with a badge when maintenance is due), who has
 * remote control now (an accepted service session, docs/design.md §11), and a designed state in place of the
 * board's page while the board or its gateway is offline.
 */
function LiveMachinePanel({
  group,
  controller,
  role,
}: {
  group: MachineGroup;
  controller: ComputerController;
  role: Role;
}) {
  const viewer = useSession()?.claims;
  const lang = useLanguage();
  const machineTypeName = useMachineTypeNames();
  const { statuses, failedState, refetch } = useMachineStatuses();
  const ended = useEndedSession(controller.id, viewer);
  const operator = useOperator();
  const isAdministrator = role === Role.Administrator;
  const business = useBusinessChoices({ enabled: isAdministrator }).data?.find(
    (choice) => choice.id === group.business,
  );
  const status = statuses?.find((entry) => entry.machineGroupId === group.id)?.status;
  // A side note of the page: without it the page still works, so no error toast.
  const maintenance = useMachineMaintenance(group.id, { silent: true }).data;
  const unreachable = unreachableStateOf(status?.state, failedState !== null && !status);
  return (
    <MachinePanel
      group={group}
      controller={controller}
      role={role}
      licenseContact={`${operator.name} (${operator.email}, ${operator.phone})`}
      suspendedBusiness={business && !business.active ? business.name : undefined}
      consentAction={<ServiceSessionRequest group={group} controllerId={controller.id} />}
      frameCover={ended && <SessionEndedCover session={ended.session} state={ended.state} />}
      licenseAction={<LicenceRenewalButton machineGroupId={group.id} />}
      summary={
        <>
          {status && (
            <MachineLiveSummary
              group={group}
              status={status}
              showFiles={can(role, 'machineFiles')}
              showShortcuts={can(role, 'machineShortcuts')}
              maintenance={
                <MaintenanceBadge machine={group} summary={maintenance && summarise(maintenance.tasks)} />
              }
            />
          )}
          {!ended && <RemoteControlNow controllerId={controller.id} />}
          {can(role, 'printQueue') && (
            <QueueLive>
              <MachineQueuePanel
                machineGroup={group.id}
                machineTypeName={machineTypeName}
                queueHref={paths.printQueue.getHref(lang, group.business)}
              />
            </QueueLive>
          )}
        </>
      }
      unavailable={unreachable && <MachineStateNotice state={unreachable} onRetry={() => void refetch()} />}
    />
  );
}
