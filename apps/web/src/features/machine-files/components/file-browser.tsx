import type { MachineCardState } from '@portal/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ActionsMenuButton, ContextMenuArea, type MenuAction } from '../../../components/ui/context-menu';
import type { BoardTarget } from '../api/board-target';
import { useDownloadFile } from '../api/download-file';
import { useFileList } from '../api/get-file-list';
import { useUploadFiles } from '../api/upload-files';
import { type BoardEntry, type FileSort, nextSort, sortEntries } from '../lib/file-sort';
import {
  enterFolder,
  entryPath,
  folderPath,
  goUp,
  isBelowRoot,
  mayUploadInto,
  type PathStack,
  startStack,
  truncateTo,
} from '../lib/path-stack';
import { isPrintable } from '../lib/print-rules';
import { DeleteDialog } from './delete-dialog';
import { FileBreadcrumb } from './file-breadcrumb';
import { describeFileError, isConsentRefusal } from './file-error';
import { FileTable } from './file-table';
import { PrintDialog } from './print-dialog';
import { RenameDialog } from './rename-dialog';
import { UploadPanel } from './upload-panel';

export interface FileBrowserProps {
  target: BoardTarget;
  /** Offers rename and delete in the rows' menus (administrators; the board path enforces nothing itself). */
  canManage: boolean;
  /** The machine's name, which the print dialog names. */
  machineName: string;
  /** The machine's page, which the toast of a print sent links to. */
  machineHref: string;
  /** The machine's live state when known (the fleet's status stream): a busy machine does not start a print. */
  machineState: MachineCardState | undefined;
  /**
   * Beside a consent refusal of a change (outside staff without an open service session, docs/design.md §11):
   * asking for a session, as the control panel's refusal offers.
   */
  consentAction?: ReactNode;
  /** More actions for a file, after download (the screen composes what belongs to other features). */
  fileActions?: (entry: BoardEntry, path: string) => MenuAction[];
}

/** The entry a rename, delete or print dialog is open for. */
type OpenDialog = { kind: 'rename' | 'delete' | 'print'; entry: BoardEntry; path: string } | null;

/**
 * A board's files (docs/product.md §2 and §4): the path is a stack from 0: whose every change reloads the
 * listing; folders cannot be opened while a listing loads; uploads go into the current folder; G-code files of
 * 0:/gcodes print after a confirm step.
 */
export function FileBrowser({
  target,
  canManage,
  machineName,
  machineHref,
  machineState,
  consentAction,
  fileActions,
}: FileBrowserProps) {
  const { t } = useTranslation();
  const [stack, setStack] = useState<PathStack>(() => startStack(target.path));
  const [sort, setSort] = useState<FileSort>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const folder = folderPath(stack);
  const listing = useFileList(target, folder);
  const download = useDownloadFile(target);
  const uploads = useUploadFiles(target);
  const entries = useMemo(() => sortEntries(listing.data ?? [], sort), [listing.data, sort]);
  // Reading stays open to outside staff; a change they make without a session is refused. From the first such
  // refusal the page says why and offers the request; a dialog refused so closes, leaving the page's notice.
  const [dialogRefused, setDialogRefused] = useState(false);
  const consentRefused = dialogRefused || uploads.items.some((item) => isConsentRefusal(item.error));
  const onConsentRefused = () => {
    setDialogRefused(true);
    setDialog(null);
  };
  // The lock flag of docs/product.md §4: a listing in flight ignores folder clicks.
  const isLocked = listing.isFetching;

  const openFolder = (name: string) => {
    if (!isLocked) setStack((current) => enterFolder(current, name));
  };
  const upload = (files: File[]) => {
    const existing = new Set(
      (listing.data ?? []).filter((entry) => entry.type === 'f').map((entry) => entry.name),
    );
    uploads.upload({ files, folder, existing });
  };

  const printable = (entry: BoardEntry, path: string) => entry.type === 'f' && isPrintable(path);

  const rowActions = (entry: BoardEntry, path: string): MenuAction[] => [
    {
      id: 'print',
      label: t('files.print.action'),
      icon: 'bi-printer',
      hidden: !printable(entry, path),
      onSelect: () => setDialog({ kind: 'print', entry, path }),
    },
    {
      id: 'download',
      label: t('files.download'),
      icon: 'bi-download',
      hidden: entry.type !== 'f',
      onSelect: () => download.mutate(path),
    },
    ...(entry.type === 'f' && fileActions ? fileActions(entry, path) : []),
    {
      id: 'rename',
      label: t('files.menu.rename'),
      icon: 'bi-pencil',
      hidden: !canManage,
      onSelect: () => setDialog({ kind: 'rename', entry, path }),
    },
    {
      id: 'delete',
      label: t('files.menu.delete'),
      icon: 'bi-trash',
      danger: true,
      hidden: !canManage,
      onSelect: () => setDialog({ kind: 'delete', entry, path }),
    },
  ];

  let placeholder: ReactNode;
  if (listing.isPending) {
    placeholder = (
      <span role="status">
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        {t('files.loading')}
      </span>
    );
  } else if (listing.isError) {
    placeholder = (
      <Alert variant="danger" className="mb-0 d-flex flex-wrap align-items-center gap-2">
        <span className="flex-grow-1">
          {t('files.errors.list', {
            reason: describeFileError(listing.error, t, { listing: true, path: target.path }),
          })}
        </span>
        <Button variant="outline-danger" size="sm" onClick={() => listing.refetch()}>
          {t('files.retry')}
        </Button>
      </Alert>
    );
  } else if (entries.length === 0) {
    placeholder = t('files.empty');
  }

  return (
    <Card>
      <Card.Body>
        {consentRefused && (
          <Alert variant="warning" data-testid="files-service-session-required">
            <p className={consentAction ? 'mb-2' : 'mb-0'}>{t('errors.SERVICE_SESSION_REQUIRED')}</p>
            {consentAction}
          </Alert>
        )}
        <UploadPanel
          onUpload={upload}
          isUploading={uploads.isUploading}
          items={uploads.items}
          path={target.path}
          allowed={mayUploadInto(stack, target.path)}
        />
        <FileBreadcrumb
          stack={stack}
          onTruncate={(level) => setStack((current) => truncateTo(current, level))}
        />
        {download.isError && (
          <Alert variant="danger" dismissible closeLabel={t('common.close')} onClose={() => download.reset()}>
            {t('files.errors.action', {
              reason: describeFileError(download.error, t, { path: target.path }),
            })}
          </Alert>
        )}
        <FileTable
          caption={t('files.caption', { path: folder })}
          entries={entries}
          sort={sort}
          onSort={(column) => setSort((current) => nextSort(current, column))}
          canGoUp={isBelowRoot(stack)}
          onGoUp={() => setStack(goUp)}
          onOpenFolder={openFolder}
          placeholder={placeholder}
          renderRow={(entry, row) => (
            <ContextMenuArea actions={rowActions(entry, entryPath(stack, entry.name))}>{row}</ContextMenuArea>
          )}
          renderActions={(entry) => {
            const path = entryPath(stack, entry.name);
            return (
              <>
                {/* On a phone the row menu offers print and download, leaving the row its room for the name. */}
                {printable(entry, path) && (
                  <Button
                    variant="outline-primary"
                    size="sm"
                    className="d-none d-sm-inline-block me-1"
                    title={t('files.print.action')}
                    aria-label={t('files.print.actionNamed', { name: entry.name })}
                    onClick={() => setDialog({ kind: 'print', entry, path })}
                  >
                    <i className="bi bi-printer" aria-hidden="true" />
                  </Button>
                )}
                {entry.type === 'f' && (
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    className="d-none d-sm-inline-block"
                    title={t('files.download')}
                    aria-label={t('files.downloadNamed', { name: entry.name })}
                    onClick={() => download.mutate(path)}
                  >
                    <i className="bi bi-download" aria-hidden="true" />
                  </Button>
                )}
                <ActionsMenuButton
                  actions={rowActions(entry, path)}
                  label={t('files.menu.label', { name: entry.name })}
                  className="ms-1"
                />
              </>
            );
          }}
        />
      </Card.Body>
      {dialog?.kind === 'rename' && (
        <RenameDialog
          target={target}
          path={dialog.path}
          name={dialog.entry.name}
          onClose={() => setDialog(null)}
          onConsentRefused={onConsentRefused}
        />
      )}
      {dialog?.kind === 'print' && (
        <PrintDialog
          target={target}
          entry={dialog.entry}
          path={dialog.path}
          machineName={machineName}
          machineHref={machineHref}
          machineState={machineState}
          onClose={() => setDialog(null)}
          onConsentRefused={onConsentRefused}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          target={target}
          entry={dialog.entry}
          path={dialog.path}
          onClose={() => setDialog(null)}
          onConsentRefused={onConsentRefused}
        />
      )}
    </Card>
  );
}
