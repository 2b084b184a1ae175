import { type ReactNode, useId, useMemo, useState } from 'react';
import { Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSchemaForm } from '../../lib/use-schema-form';

export interface InlineEditProps {
  /** The field's name, read out with its input and its edit button ("Modifica nome"). */
  label: string;
  /** The edit button's accessible name. */
  editLabel: string;
  value: string;
  /** Rules of the field, from the contract. */
  schema: z.ZodType<string, string>;
  /** Sends the new value; resolves once saved, so the field closes only then. */
  onSave: (value: string) => Promise<unknown>;
  /** How the value reads when not editing (defaults to the value itself). */
  display?: ReactNode;
}

/**
 * A value with a pencil button that turns it into a small form in place: Enter or the tick saves,
 * Escape or the cross cancels. An unchanged value closes without a call.
 */
export function InlineEdit({ label, editLabel, value, schema, onSave, display }: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div className="d-flex align-items-center gap-1 min-w-0">
        <div className="text-truncate">{display ?? value}</div>
        <Button
          variant="link"
          size="sm"
          className="p-0 px-1 flex-shrink-0 link-secondary"
          aria-label={editLabel}
          title={editLabel}
          onClick={() => setEditing(true)}
        >
          <i className="bi bi-pencil" aria-hidden="true" />
        </Button>
      </div>
    );
  }
  return (
    <InlineEditForm
      label={label}
      value={value}
      schema={schema}
      onSave={onSave}
      onDone={() => setEditing(false)}
    />
  );
}

interface InlineEditFormProps extends Pick<InlineEditProps, 'label' | 'value' | 'schema' | 'onSave'> {
  onDone: () => void;
}

function InlineEditForm({ label, value, schema, onSave, onDone }: InlineEditFormProps) {
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
