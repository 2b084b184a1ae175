import type { HTMLAttributes } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldGroup } from './field-group';

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
  /** A hint under the field (a rule the value must follow), read out with it. */
  help?: string | undefined;
  /** The on-screen keyboard a phone shows ('numeric' for a postal code). */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
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
  help,
  inputMode,
}: TextFieldProps) {
  return (
    <FieldGroup id={id} label={label} help={help} error={error}>
      {(describedBy) => (
        <Form.Control
          type={type}
          autoComplete={autoComplete}
          readOnly={readOnly}
          plaintext={readOnly}
          required={required}
          inputMode={inputMode}
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={describedBy}
          {...registration}
        />
      )}
    </FieldGroup>
  );
}
