import type { FormEventHandler, ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './busy-button';
import { DialogFrame } from './dialog-frame';

export interface FormDialogProps {
  /** Shown unless false: most dialogs are mounted to open them. */
  show?: boolean;
  title: ReactNode;
  /** The fields. */
  children: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Called on the cancel button, the header's close button and Escape. */
  onCancel: () => void;
  /** 'Annulla' unless told. */
  cancelLabel?: string;
  submitLabel: string;
  /** Shows a spinner on the submit button and disables both buttons while the form is sent. */
  busy?: boolean;
  submitDisabled?: boolean;
  /** A larger form: wider on a desktop (every dialog takes the whole screen only on a phone). */
  wide?: boolean;
  onEntered?: () => void;
  testId?: string;
}

/** A dialog holding one form: title, fields, cancel and submit; Enter in a field submits it. */
export function FormDialog({
  show = true,
  title,
  children,
  onSubmit,
  onCancel,
  cancelLabel,
  submitLabel,
  busy = false,
  submitDisabled = false,
  wide = false,
  onEntered,
  testId,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      show={show}
      title={title}
      onHide={onCancel}
      onSubmit={onSubmit}
      wide={wide}
      onEntered={onEntered}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <BusyButton type="submit" busy={busy} disabled={submitDisabled}>
            {submitLabel}
          </BusyButton>
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
