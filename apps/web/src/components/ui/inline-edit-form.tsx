import { useId, useMemo } from 'react';
import { Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSchemaForm } from '../../lib/use-schema-form';

/**
 * The small form `InlineEdit` turns its value into, in a chunk of its own with the form library: a screen of
 * editable values loads it when a value is first edited (or its pencil first pointed at or focused).
 */
export interface InlineEditFormProps {
  /** The field's name, read out with its input. */
  label: string;
  value: string;
  /** Rules of the field, from the contract. */
  schema: z.ZodType<string, string>;
  /** Sends the new value; resolves once saved, so the field closes only then. */
  onSave: (value: string) => Promise<unknown>;
  /** Closes the form: saved, unchanged or cancelled. */
  onDone: () => void;
}

export function InlineEditForm({ label, value, schema, onSave, onDone }: InlineEditFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const fieldSchema = useMemo(() => z.object({ value: schema }), [schema]);
  const form = useSchemaForm(fieldSchema, {
    defaultValues: { value },
  });
  const error = form.formState.errors.value?.message;
  const saving = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ value: next }) => {
    if (next === value) return onDone();
    try {
      await onSave(next);
      onDone();
    } catch {
      // The failure is shown by the caller's error handling; the field stays open to try again.
    }
  });

  return (
    <Form noValidate onSubmit={submit} className="w-100" onClick={(event) => event.stopPropagation()}>
      <InputGroup size="sm" hasValidation>
        <Form.Control
          aria-label={label}
          autoFocus
          isInvalid={error !== undefined}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              onDone();
            }
          }}
          {...form.register('value')}
        />
        <Button type="submit" variant="outline-success" aria-label={t('common.save')} disabled={saving}>
          {saving ? (
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
          ) : (
            <i className="bi bi-check-lg" aria-hidden="true" />
          )}
        </Button>
        <Button
          variant="outline-secondary"
          aria-label={t('common.cancel')}
          onClick={onDone}
          disabled={saving}
        >
          <i className="bi bi-x-lg" aria-hidden="true" />
        </Button>
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}
