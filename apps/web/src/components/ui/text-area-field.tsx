import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface TextAreaFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  rows?: number;
  /** An already translated message; its presence marks the field invalid. */
  error?: string | undefined;
}

/** A labelled multi-line text with its validation message, wired to react-hook-form. */
export function TextAreaField({ id, label, registration, rows = 3, error }: TextAreaFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={rows}
        isInvalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
