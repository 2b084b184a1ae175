import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Choice } from '../../lib/choices';
import { FieldGroup } from './field-group';

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
  return (
    <FieldGroup id={id} label={label} help={help} error={error}>
      {(describedBy) => (
        <Form.Select
          required={required}
          disabled={disabled}
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={describedBy}
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
      )}
    </FieldGroup>
  );
}
