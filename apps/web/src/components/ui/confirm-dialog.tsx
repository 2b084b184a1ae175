import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './busy-button';
import { DialogFrame } from './dialog-frame';

export interface ConfirmDialogProps {
  show: boolean;
  title: ReactNode;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  /** Shows a spinner on the confirm button and disables both while the action runs. */
  busy?: boolean;
  /** Why the action failed, when its failure raises no toast: said once, under the question, and announced. */
  error?: ReactNode;
}

/** The confirm step before anything is deleted or taken away (docs/design.md §3). */
export function ConfirmDialog({
  show,
  title,
  children,
  onConfirm,
  onCancel,
  confirmLabel,
  busy = false,
  error,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      show={show}
      title={title}
      onHide={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <BusyButton variant="danger" onClick={onConfirm} busy={busy}>
            {confirmLabel ?? t('common.delete')}
          </BusyButton>
        </>
      }
    >
      {children}
      {error && (
        <Alert variant="danger" className="mb-0 mt-3">
          {error}
        </Alert>
      )}
    </DialogFrame>
  );
}
