import { type ReactNode, useId } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

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

/** The confirm step before anything is deleted or taken away (DESIGN.md section 3). */
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
  const titleId = useId();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel ?? t('common.delete')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
