import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  readOnly?: boolean;
  required?: boolean;
  /** An already translated message; its presence marks the field invalid. */
  error?: string | undefined;
}

/** A labelled input with its validation message, wired to react-hook-form. */
export function TextField({
  id,
  label,
  registration,
  type = 'text',
  autoComplete,
  readOnly,
  required,
  error,
}: TextFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        readOnly={readOnly}
        plaintext={readOnly}
        required={required}
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
