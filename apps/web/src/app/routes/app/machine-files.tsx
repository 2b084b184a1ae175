import { can, canIn, type LibraryFile, type MachineGroup, reachOf } from '@portal/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuAction } from '../../../components/ui/context-menu';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { paths } from '../../../config/paths';
import { useMachineStatuses } from '../../../features/fleet/api/get-machine-statuses';
import { FileBrowser } from '../../../features/machine-files/components/file-browser';
import { FilesHeader } from '../../../features/machine-files/components/files-header';
import { isPrintable } from '../../../features/machine-files/lib/print-rules';
import { AddToQueueDialog } from '../../../features/print-queue/components/add-to-queue-dialog';
import { useSession } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast-store';
import { useLanguage } from '../../../lib/use-language';
import { usePageTitle } from '../../../lib/use-page-title';
import { ServiceSessionRequest } from '../../machines/service-session-request';
import { useBoardTarget } from '../../machines/use-board-target';
import { type CopyOutcome, useCopyToLibrary } from '../../machines/use-copy-to-library';
import { useMachineContext } from '../../machines/use-machine-context';
import { useMachineTypeNames } from '../../print-queue/use-machine-type-names';
import { RecordNotFound, recordNotFoundTitle } from '../record-not-found';

/**
 * /machines/{id}/files: the file browser of the machine's board (docs/product.md §2 and §4), with the machine's
 * live state from the fleet's status stream, which decides whether a print may start, and beside a consent
 * refusal the control panel's request for a service session (docs/design.md §11). A G-code file's menu copies it
 * into the print library, and from there into the print queue (docs/product.md §11).
 */
export default function MachineFilesRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const context = useMachineContext();
  const group: MachineGroup | undefined = context.status === 'missing' ? undefined : context.group;
  const title = t('files.title', { name: group?.name ?? t('files.loadingName') });
  usePageTitle(context.status === 'missing' ? recordNotFoundTitle(t, 'machine', context.error) : title);
  const target = useBoardTarget(context);
  const claims = useSession()?.claims;
  const role = claims?.role;
  // Rename and delete go with the administrators' machine shortcuts (docs/product.md §6).
  const canManage = role !== undefined && can(role, 'machineShortcuts');
  const { statuses } = useMachineStatuses();
  const copyToLibrary = useCopyToLibrary(group, target);
  // The library file "Add to queue" made or found, while its queue dialog is open.
  const [queueing, setQueueing] = useState<LibraryFile>();
  const queues = claims !== undefined && group !== undefined && canIn(claims, 'printQueue', group.business);
  const machineState = statuses?.find((entry) => entry.machineGroupId === group?.id)?.status.state;

  if (context.status === 'missing')
    return <RecordNotFound kind="machine" error={context.error} onRetry={context.retry} />;
  // A G-code file goes to the print library of the machine's business; from there the toast leads to the library,
  // or the queue's dialog opens on it, this machine chosen (docs/product.md §2, §11).
  const libraryActions = (name: string, path: string): MenuAction[] =>
    copyToLibrary && isPrintable(path)
      ? [
          {
            id: 'to-library',
            label: t('files.menu.toLibrary'),
            icon: 'bi-collection',
            onSelect: () =>
              copyToLibrary({ name, path }, (copied, outcome) =>
                showToast({
                  type: 'success',
                  ...copyTold(t, name, copied, outcome),
                  link: { href: paths.library.getHref(lang), label: t('files.toLibrary.open') },
                }),
              ),
          },
          {
            id: 'to-queue',
            label: t('files.menu.toQueue'),
            icon: 'bi-list-ol',
            hidden: !queues,
            // The dialog says which file it queues; a toast says why it is not a new copy of the file's name.
            onSelect: () =>
              copyToLibrary({ name, path }, (copied, outcome) => {
                if (outcome !== 'copied') showToast({ type: 'info', ...copyTold(t, name, copied, outcome) });
                setQueueing(copied);
              }),
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
          fileActions={(entry, path) => libraryActions(entry.name, path)}
        />
      ) : (
        <PageSpinner />
      )}
      {queueing && group && (
        <QueueCopiedFile file={queueing} machineGroup={group.id} onClose={() => setQueueing(undefined)} />
      )}
    </>
  );
}

/**
 * What a toast says of a board file `asked` copied into the library as `copied`: copied, already there (under its
 * name or a numbered one), or copied under a numbered name since the library's file of its name is another.
 */
function copyTold(
  t: TFunction,
  asked: string,
  copied: LibraryFile,
  outcome: CopyOutcome,
): { header: string; body: string } {
  if (outcome === 'copied')
    return { header: t('files.toLibrary.header'), body: t('files.toLibrary.done', { name: asked }) };
  if (outcome === 'renamed')
    return {
      header: t('files.toLibrary.header'),
      body: t('files.toLibrary.renamed', { name: asked, copy: copied.name }),
    };
  return {
    header: t('files.toLibrary.reusedHeader'),
    body:
      copied.name === asked
        ? t('files.toLibrary.reused', { name: asked })
        : t('files.toLibrary.reusedAs', { name: asked, copy: copied.name }),
  };
}

/**
 * The queue's dialog on a board file just copied into the library, the machine it came from chosen; once queued, a
 * toast leads to the queue. Its own component so the machine types' names load only when it opens.
 */
function QueueCopiedFile({
  file,
  machineGroup,
  onClose,
}: {
  file: LibraryFile;
  machineGroup: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const role = useSession()?.claims.role;
  const machineTypeName = useMachineTypeNames();
  // Staff open the queue of the file's business; everyone else's queue is their own.
  const queueHref = paths.printQueue.getHref(
    lang,
    role !== undefined && reachOf(role, 'printQueue') === 'all' ? file.business : undefined,
  );
  return (
    <AddToQueueDialog
      business={file.business}
      file={file}
      machineTypeName={machineTypeName}
      machineGroup={machineGroup}
      onQueued={() =>
        showToast({
          type: 'success',
          header: t('files.toQueue.header'),
          body: t('files.toQueue.done', { name: file.name }),
          link: { href: queueHref, label: t('files.toQueue.open') },
        })
      }
      onClose={onClose}
    />
  );
}
