import { can, type MachineGroup } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { FileBrowser } from '../../../features/machine-files/components/file-browser';
import { FilesHeader } from '../../../features/machine-files/components/files-header';
import { useSession } from '../../../lib/session-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBoardTarget } from '../../machines/use-board-target';
import { useMachineContext } from '../../machines/use-machine-context';

/** /machines/{id}/files: the file browser of the machine's board (docs/product.md §2 and §4). */
export default function MachineFilesRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const context = useMachineContext();
  const group: MachineGroup | undefined = context.status === 'missing' ? undefined : context.group;
  const title = t('files.title', { name: group?.name ?? t('files.loadingName') });
  usePageTitle(title);
  const target = useBoardTarget(context);
  const role = useSession()?.claims.role;
  // Rename and delete go with the administrators' files shortcut (docs/product.md §6).
  const canManage = role !== undefined && can(role, 'machineShortcuts');

  if (context.status === 'missing') return <Navigate replace to={paths.dashboard.getHref(lang)} />;
  return (
    <>
      <FilesHeader machineName={group?.name} backHref={paths.machines.getHref(lang)} />
      {target ? (
        <FileBrowser key={target.controllerId} target={target} canManage={canManage} />
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
