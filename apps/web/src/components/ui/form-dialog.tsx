import { type FormEventHandler, type ReactNode, useRef } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './busy-button';
import { DialogFrame } from './dialog-frame';

export interface FormDialogProps {
  /** Shown unless false: most dialogs are mounted to open them. */
  show?: boolean;
  title: ReactNode;
  /** The fields. */
  children: ReactNode;
  /** Usually react-hook-form's `handleSubmit(…)`, which puts the focus on the first field it finds wrong. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Called on the cancel button, the header's close button and Escape. */
  onCancel: () => void;
  /** 'Annulla' unless told. */
  cancelLabel?: string;
  submitLabel: string;
  /** Shows a spinner on the submit button and disables both buttons while the form is sent. */
  busy?: boolean;
  submitDisabled?: boolean;
  /**
   * Why the form was not accepted, said once, under the fields and announced; for calls whose failure raises no
   * toast (the others are said by the toast alone).
   */
  error?: ReactNode;
  /** A larger form: wider on a desktop (every dialog takes the whole screen only on a phone). */
  wide?: boolean;
  /** Replaces the focus on the first field once the dialog is open (a field that needs it more). */
  onEntered?: () => void;
  testId?: string;
}

/** The fields that can take the focus when a dialog opens: neither hidden, disabled nor read-only. */
const FOCUSABLE_FIELD = [
  'input:not([type="hidden"]):not(:disabled):not([readonly])',
  'select:not(:disabled)',
  'textarea:not(:disabled):not([readonly])',
].join(', ');

/**
 * A dialog holding one form: title, fields, cancel and submit; Enter in a field submits it. Once open, the focus
 * is on its first field (on the dialog itself when it has none), and it goes back where it was when it closes.
 */
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
  error,
  wide = false,
  onEntered,
  testId,
}: FormDialogProps) {
  const { t } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  const focusFirstField = () => body.current?.querySelector<HTMLElement>(FOCUSABLE_FIELD)?.focus();
  return (
    <DialogFrame
      show={show}
      title={title}
      onHide={onCancel}
      onSubmit={onSubmit}
      wide={wide}
      onEntered={onEntered ?? focusFirstField}
      testId={testId}
      bodyRef={body}
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
      {error && (
        <Alert variant="danger" className="mb-0 mt-3">
          {error}
        </Alert>
      )}
    </DialogFrame>
  );
}
