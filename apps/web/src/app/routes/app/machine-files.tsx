import { can, type MachineGroup } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { useMachineStatuses } from '../../../features/fleet/api/get-machine-statuses';
import { FileBrowser } from '../../../features/machine-files/components/file-browser';
import { FilesHeader } from '../../../features/machine-files/components/files-header';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { ServiceSessionRequest } from '../../machines/service-session-request';
import { useBoardTarget } from '../../machines/use-board-target';
import { useMachineContext } from '../../machines/use-machine-context';
import { RecordNotFound, recordNotFoundTitle } from '../record-not-found';

/**
 * /machines/{id}/files: the file browser of the machine's board (docs/product.md §2 and §4), with the machine's
 * live state from the fleet's status stream, which decides whether a print may start, and beside a consent
 * refusal the control panel's request for a service session (docs/design.md §11).
 */
export default function MachineFilesRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const context = useMachineContext();
  const group: MachineGroup | undefined = context.status === 'missing' ? undefined : context.group;
  const title = t('files.title', { name: group?.name ?? t('files.loadingName') });
  usePageTitle(context.status === 'missing' ? recordNotFoundTitle(t, 'machine', context.error) : title);
  const target = useBoardTarget(context);
  const role = useSession()?.claims.role;
  // Rename and delete go with the administrators' machine shortcuts (docs/product.md §6).
  const canManage = role !== undefined && can(role, 'machineShortcuts');
  const { statuses } = useMachineStatuses();
  const machineState = statuses?.find((entry) => entry.machineGroupId === group?.id)?.status.state;

  if (context.status === 'missing')
    return <RecordNotFound kind="machine" error={context.error} onRetry={context.retry} />;
  // Back to the machine the files are on; to the machines while it loads.
  const backHref = group ? paths.machine.getHref(lang, group.id) : paths.machines.getHref(lang);
  return (
    <>
      <FilesHeader machineName={group?.name} backHref={backHref} />
      {target && group ? (
        <FileBrowser
          key={target.controllerId}
          target={target}
          canManage={canManage}
          machineName={group.name}
          machineHref={backHref}
          machineState={machineState}
          consentAction={<ServiceSessionRequest group={group} controllerId={target.controllerId} />}
        />
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
