import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { BoardTarget } from '../api/board-target';
import { useDeleteFile } from '../api/delete-file';
import type { BoardEntry } from '../lib/file-sort';
import { describeFileError, isConsentRefusal } from './file-error';

export interface DeleteDialogProps {
  target: BoardTarget;
  entry: BoardEntry;
  path: string;
  onClose: () => void;
  /** A change refused for want of a service session: the browser offers the request instead (docs/design.md §11). */
  onConsentRefused: () => void;
}

/** The confirm step before a board file (or an empty folder) is deleted; says why when the board refuses. */
export function DeleteDialog({ target, entry, path, onClose, onConsentRefused }: DeleteDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteFile(target);
  return (
    <ConfirmDialog
      show
      title={t('files.delete.title', { name: entry.name })}
      onConfirm={() =>
        remove.mutate(path, {
          onSuccess: onClose,
          onError: (error) => {
            if (isConsentRefusal(error)) onConsentRefused();
          },
        })
      }
      onCancel={onClose}
      busy={remove.isPending}
      error={remove.isError && t('files.errors.action', { reason: describeFileError(remove.error, t) })}
    >
      <p className="text-break">
        {entry.type === 'd' ? t('files.delete.folderBody', { path }) : t('files.delete.body', { path })}
      </p>
    </ConfirmDialog>
  );
}
