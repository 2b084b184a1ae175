import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldGroup } from './field-group';

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
    <FieldGroup id={id} label={label} error={error}>
      {(describedBy) => (
        <Form.Control
          as="textarea"
          rows={rows}
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={describedBy}
          {...registration}
        />
      )}
    </FieldGroup>
  );
}
