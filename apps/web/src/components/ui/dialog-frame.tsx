import { type FormEventHandler, type ReactNode, type Ref, useId } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface DialogFrameProps {
  show: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Its buttons. */
  footer: ReactNode;
  /** Called on the header's close button and Escape. */
  onHide: () => void;
  /** A larger dialog (more fields, longer texts): wider on a desktop. */
  wide?: boolean;
  /** Makes the dialog a form, so Enter in a field submits it. */
  onSubmit?: FormEventHandler<HTMLFormElement> | undefined;
  onEntered?: (() => void) | undefined;
  testId?: string | undefined;
  bodyRef?: Ref<HTMLDivElement> | undefined;
}

/** What every dialog shares: a modal labelled by its title, with a close button, a body and a footer. */
export function DialogFrame({
  show,
  title,
  children,
  footer,
  onHide,
  wide = false,
  onSubmit,
  onEntered,
  testId,
  bodyRef,
}: DialogFrameProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const content = (
    <>
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body ref={bodyRef}>{children}</Modal.Body>
      <Modal.Footer>{footer}</Modal.Footer>
    </>
  );
  // Every dialog is a centred modal on a desktop, clear of the toasts at the bottom right so a check's toast
  // never covers the button that sends the form again, and takes the whole screen only on a phone.
  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={onEntered}
      fullscreen="sm-down"
      size={wide ? 'lg' : undefined}
      centered
      aria-labelledby={titleId}
      data-testid={testId}
    >
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
