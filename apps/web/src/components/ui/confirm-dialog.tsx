import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
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
    </DialogFrame>
  );
}
