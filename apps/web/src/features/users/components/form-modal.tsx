import { type FormEventHandler, type ReactNode, useId } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface FormModalProps {
  show: boolean;
  title: string;
  children: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  submitLabel: string;
  busy?: boolean;
}

/** A dialog holding one form: Enter in a field submits, Cancel and Escape close it. */
export function FormModal({
  show,
  title,
  children,
  onSubmit,
  onCancel,
  submitLabel,
  busy = false,
}: FormModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // The default width keeps the submit button clear of the toasts at the bottom right of a wide screen,
  // so a check's toast never covers the button that sends the form again.
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={titleId}>
      <form noValidate onSubmit={onSubmit}>
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
          <Button type="submit" disabled={busy}>
            {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {submitLabel}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
