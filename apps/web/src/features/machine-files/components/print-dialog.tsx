import type { MachineCardState } from '@portal/contract';
import type { FormEvent } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { formatFileSize } from '../../../lib/format';
import { showToast } from '../../../lib/toast-store';
import type { BoardTarget } from '../api/board-target';
import { useFileInfo } from '../api/file-info';
import { useStartPrint } from '../api/start-print';
import type { BoardEntry } from '../lib/file-sort';
import { formatFilament, formatPrintTime } from '../lib/file-units';
import { estimatedSeconds, printBlockOf } from '../lib/print-rules';
import { describeFileError, isConsentRefusal } from './file-error';

export interface PrintDialogProps {
  target: BoardTarget;
  entry: BoardEntry;
  /** The file's full board path, e.g. `0:/gcodes/cube.gcode`. */
  path: string;
  machineName: string;
  /** The machine's page, which the toast of a print sent links to. */
  machineHref: string;
  /** The machine's live state, when known: a job running, a halt or an offline board keep the print back. */
  machineState: MachineCardState | undefined;
  onClose: () => void;
  /** A change refused for want of a service session: the browser offers the request instead (docs/design.md §11). */
  onConsentRefused: () => void;
}

/**
 * The confirm step before a G-code file is printed: which file on which machine, with its size, estimated time
 * and filament as the board reads them from the file. Confirming sends M32; the dialog closes with a toast once
 * the board took it, or says why not.
 */
export function PrintDialog({
  target,
  entry,
  path,
  machineName,
  machineHref,
  machineState,
  onClose,
  onConsentRefused,
}: PrintDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const info = useFileInfo(target, path);
  const print = useStartPrint(target);
  const block = printBlockOf(machineState);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (block || print.isPending) return;
    print.mutate(path, {
      onSuccess: () => {
        showToast({
          type: 'success',
          header: t('files.print.startedHeader'),
          body: t('files.print.started', { name: entry.name, machine: machineName }),
          link: { href: machineHref, label: t('files.print.follow', { machine: machineName }) },
        });
        onClose();
      },
      onError: (error) => {
        if (isConsentRefusal(error)) onConsentRefused();
      },
    });
  };

  const seconds = info.data ? estimatedSeconds(info.data) : null;
  const filament = info.data?.filament ?? [];
  const unknown = t('files.print.unknown');

  return (
    <FormDialog
      title={t('files.print.title', { name: entry.name })}
      onCancel={onClose}
      onSubmit={submit}
      submitLabel={t('files.print.submit')}
      busy={print.isPending}
      submitDisabled={block !== null}
      error={
        print.isError &&
        t('files.print.failed', { reason: describeFileError(print.error, t, { path: target.path }) })
      }
    >
      <p className="text-break">{t('files.print.question', { name: entry.name, machine: machineName })}</p>
      <dl className="row mb-3">
        <dt className="col-5 fw-normal text-body-secondary">{t('files.print.path')}</dt>
        <dd className="col-7 text-break">{path}</dd>
        <dt className="col-5 fw-normal text-body-secondary">{t('files.print.size')}</dt>
        <dd className="col-7" data-testid="print-size">
          {formatFileSize(info.data?.size ?? entry.size, language)}
        </dd>
        {info.isSuccess && (
          <>
            <dt className="col-5 fw-normal text-body-secondary">{t('files.print.time')}</dt>
            <dd className="col-7" data-testid="print-time">
              {seconds === null ? unknown : formatPrintTime(seconds, language)}
            </dd>
            <dt className="col-5 fw-normal text-body-secondary">{t('files.print.filament')}</dt>
            <dd className="col-7 mb-0" data-testid="print-filament">
              {filament.length === 0 ? unknown : formatFilament(filament, language)}
            </dd>
          </>
        )}
      </dl>
      {info.isPending && (
        <p role="status" className="text-body-secondary">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          {t('files.print.loadingInfo')}
        </p>
      )}
      {info.isError && (
        <Alert variant="warning">
          {t('files.print.infoFailed', { reason: describeFileError(info.error, t, { path: target.path }) })}
        </Alert>
      )}
      {block && (
        <Alert variant="warning" className="mb-0">
          {t(`files.print.blocked.${block}`, { machine: machineName })}
        </Alert>
      )}
    </FormDialog>
  );
}
