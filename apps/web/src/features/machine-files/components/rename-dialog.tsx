import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import type { BoardTarget } from '../api/board-target';
import { useRenameFile } from '../api/move-file';
import { renamedPath, renameProblem } from '../lib/rename-rules';
import { describeFileError, isConsentRefusal } from './file-error';

export interface RenameDialogProps {
  target: BoardTarget;
  /** The entry's board path and its current name. */
  path: string;
  name: string;
  onClose: () => void;
  /** A change refused for want of a service session: the browser offers the request instead (docs/design.md §11). */
  onConsentRefused: () => void;
}

/** Renames a board file or folder in place; closes once the board agrees, else says why it refused. */
export function RenameDialog({ target, path, name, onClose, onConsentRefused }: RenameDialogProps) {
  const { t } = useTranslation();
  const rename = useRenameFile(target);
  const form = useForm<{ name: string }>({ defaultValues: { name } });
  const error = form.formState.errors.name?.message;

  const submit = form.handleSubmit(({ name: next }) =>
    rename.mutate(
      { from: path, to: renamedPath(path, next) },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (isConsentRefusal(error)) onConsentRefused();
        },
      },
    ),
  );

  return (
    <FormDialog
      title={t('files.rename.title', { name })}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t('files.rename.submit')}
      busy={rename.isPending}
      error={rename.isError && t('files.errors.action', { reason: describeFileError(rename.error, t) })}
    >
      <TextField
        id="file-rename-name"
        label={t('files.rename.field')}
        required
        registration={form.register('name', {
          validate: (next) => {
            const problem = renameProblem(name, next);
            return problem ? t(`files.rename.${problem}`) : true;
          },
        })}
        error={error}
      />
    </FormDialog>
  );
}
