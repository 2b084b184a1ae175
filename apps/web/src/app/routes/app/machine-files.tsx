import { can, type MachineGroup, reachOf } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import type { MenuAction } from '../../../components/ui/context-menu';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { useMachineStatuses } from '../../../features/fleet/api/get-machine-statuses';
import { useCopyFromMachine } from '../../../features/library/api/library';
import { FileBrowser } from '../../../features/machine-files/components/file-browser';
import { FilesHeader } from '../../../features/machine-files/components/files-header';
import { isPrintable } from '../../../features/machine-files/lib/print-rules';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast-store';
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
  const copy = useCopyFromMachine();
  const machineState = statuses?.find((entry) => entry.machineGroupId === group?.id)?.status.state;

  if (context.status === 'missing')
    return <RecordNotFound kind="machine" error={context.error} onRetry={context.retry} />;
  // A G-code file goes to the print library of the machine's business, at its top, under its own name.
  const copyToLibrary = (name: string, path: string): MenuAction[] =>
    group && target && role !== undefined && isPrintable(path)
      ? [
          {
            id: 'to-library',
            label: t('files.menu.toLibrary'),
            icon: 'bi-collection',
            onSelect: () =>
              copy.mutate(
                {
                  ...(reachOf(role, 'library') === 'all' && { business: group.business }),
                  controllerId: target.controllerId,
                  path,
                  folder: '',
                  name,
                },
                {
                  onSuccess: () =>
                    showToast({
                      type: 'success',
                      header: t('files.toLibrary.header'),
                      body: t('files.toLibrary.done', { name }),
                      link: { href: paths.library.getHref(lang), label: t('files.toLibrary.open') },
                    }),
                },
              ),
          },
        ]
      : [];
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
          fileActions={(entry, path) => copyToLibrary(entry.name, path)}
        />
      ) : (
        <PageSpinner />
      )}
    </>
  );
}
