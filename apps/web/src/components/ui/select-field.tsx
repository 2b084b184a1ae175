import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** One option of a choice: the value sent and the text shown. */
export interface Choice {
  id: number;
  label: string;
}

/** A select's value as an id: the empty option means no choice (undefined, so the schema says "required"). */
export const toId = (value: unknown): number | undefined =>
  value === '' || value === undefined || value === null ? undefined : Number(value);

/** A select's value as an id where the empty option is an explicit "none" (null). */
export const toIdOrNull = (value: unknown): number | null => toId(value) ?? null;

export interface SelectFieldProps {
  id: string;
  label: string;
  /** Register with `setValueAs: toId` (or `toIdOrNull`) so the form holds numbers. */
  registration: UseFormRegisterReturn;
  choices: readonly Choice[];
  /** The text of the empty option; without it the select has no empty option. */
  emptyLabel?: string;
  /** Whether the empty option may be chosen (an explicit "none"), or only shows until a choice is made. */
  emptyChoosable?: boolean;
  required?: boolean;
  disabled?: boolean;
  help?: string;
  /** An already translated message; its presence marks the field invalid. */
  error?: string | undefined;
}

/** A labelled choice among ids, with its validation message, wired to react-hook-form. */
export function SelectField({
  id,
  label,
  registration,
  choices,
  emptyLabel,
  emptyChoosable = false,
  required,
  disabled,
  help,
  error,
}: SelectFieldProps) {
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        required={required}
        disabled={disabled}
        isInvalid={error !== undefined}
        aria-describedby={describedBy || undefined}
        {...registration}
      >
        {/* Hidden, not disabled: browsers skip a disabled first option and would show the next one as chosen. */}
        {emptyLabel !== undefined && (
          <option value="" hidden={!emptyChoosable}>
            {emptyLabel}
          </option>
        )}
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </Form.Select>
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
