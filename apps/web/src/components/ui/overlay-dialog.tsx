import { type FormEventHandler, type ReactNode, useId } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface OverlayDialogProps {
  show: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Called on the deny button, the header's close button and Escape. */
  onDeny: () => void;
  denyLabel?: string;
  /** Without `onConfirm` or `onSubmit` the dialog only informs and has no confirm button. */
  onConfirm?: () => void;
  /** Makes the dialog a form whose submit is the confirm button, so Enter in a field confirms too. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  confirmLabel?: string;
  confirmVariant?: string;
  /** Shows a spinner on the confirm button and disables it while an action runs. */
  busy?: boolean;
  confirmDisabled?: boolean;
  testId?: string;
}

/** The full-screen overlay dialog of the specification: header, body, confirm and deny buttons. */
export function OverlayDialog({
  show,
  title,
  children,
  onDeny,
  denyLabel,
  onConfirm,
  onSubmit,
  confirmLabel,
  confirmVariant = 'primary',
  busy = false,
  confirmDisabled = false,
  testId,
}: OverlayDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hasConfirm = onConfirm !== undefined || onSubmit !== undefined;

  const content = (
    <>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onDeny}>
          {denyLabel ?? t('common.close')}
        </Button>
        {hasConfirm && (
          <Button
            variant={confirmVariant}
            type={onSubmit ? 'submit' : 'button'}
            onClick={onSubmit ? undefined : onConfirm}
            disabled={busy || confirmDisabled}
          >
            {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {confirmLabel ?? t('common.confirm')}
          </Button>
        )}
      </Modal.Footer>
    </>
  );

  return (
    <Modal show={show} onHide={onDeny} fullscreen aria-labelledby={titleId} data-testid={testId}>
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit} className="d-flex flex-column h-100">
          {content}
        </form>
      ) : (
        content
      )}
    </Modal>
  );
}
