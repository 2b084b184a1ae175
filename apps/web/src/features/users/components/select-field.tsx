import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface SelectOption {
  value: number;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly SelectOption[];
  /** A first option of value 0 that chooses nothing ('Select a business'). */
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  error?: string | undefined;
}

/** A labelled select of numeric values wired to react-hook-form (register it with `valueAsNumber`). */
export function SelectField({
  id,
  label,
  registration,
  options,
  placeholder,
  required,
  disabled,
  error,
}: SelectFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        required={required}
        disabled={disabled}
        isInvalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      >
        {placeholder !== undefined && <option value={0}>{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
