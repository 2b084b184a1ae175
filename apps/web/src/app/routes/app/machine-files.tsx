import { can, type MachineGroup } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { useMachineStatuses } from '../../../features/fleet/api/get-machine-statuses';
import { FileBrowser } from '../../../features/machine-files/components/file-browser';
import { FilesHeader } from '../../../features/machine-files/components/files-header';
import { parseId } from '../../../lib/route-params';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBoardTarget } from '../../machines/use-board-target';
import { useMachineContext } from '../../machines/use-machine-context';

/**
 * /machines/{id}/files: the file browser of the machine's board (docs/product.md §2 and §4), with the machine's
 * live state from the fleet's status stream, which decides whether a print may start.
 */
export default function MachineFilesRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const context = useMachineContext();
  const id = parseId(useParams().id);
  const group: MachineGroup | undefined = context.status === 'missing' ? undefined : context.group;
  const title = t('files.title', { name: group?.name ?? t('files.loadingName') });
  usePageTitle(title);
  const target = useBoardTarget(context);
  const role = useSession()?.claims.role;
  // Rename and delete go with the administrators' machine shortcuts (docs/product.md §6).
  const canManage = role !== undefined && can(role, 'machineShortcuts');
  const { statuses } = useMachineStatuses();
  const machineState = statuses?.find((entry) => entry.machineGroupId === group?.id)?.status.state;

  if (context.status === 'missing' || id === null) {
    return <Navigate replace to={paths.dashboard.getHref(lang)} />;
  }
  const machineHref = paths.machine.getHref(lang, id);
  return (
    <>
      <FilesHeader machineName={group?.name} backHref={machineHref} />
      {target && group ? (
        <FileBrowser
          key={target.controllerId}
          target={target}
          canManage={canManage}
          machineName={group.name}
          machineHref={machineHref}
          machineState={machineState}
        />
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
