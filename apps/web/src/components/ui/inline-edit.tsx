import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from 'react-bootstrap';
import type { InlineEditFormProps } from './inline-edit-form';

export interface InlineEditProps extends Pick<InlineEditFormProps, 'label' | 'value' | 'schema' | 'onSave'> {
  /** The edit button's accessible name. */
  editLabel: string;
  /** How the value reads when not editing (defaults to the value itself). */
  display?: ReactNode;
}

/** The form and its library load once a value is about to be edited: its pencil pointed at, focused or pressed. */
const loadForm = () => import('./inline-edit-form');
const InlineEditForm = lazy(() => loadForm().then((module) => ({ default: module.InlineEditForm })));

/**
 * A value with a pencil button that turns it into a small form in place: Enter or the tick saves,
 * Escape or the cross cancels. An unchanged value closes without a call.
 */
export function InlineEdit({ label, editLabel, value, schema, onSave, display }: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const shown = (
    <div className="d-flex align-items-center gap-1 min-w-0">
      <div className="text-truncate">{display ?? value}</div>
      <Button
        variant="link"
        size="sm"
        className="p-0 px-1 flex-shrink-0 link-secondary"
        aria-label={editLabel}
        title={editLabel}
        onPointerEnter={loadForm}
        onFocus={loadForm}
        onClick={() => setEditing(true)}
      >
        <i className="bi bi-pencil" aria-hidden="true" />
      </Button>
    </div>
  );
  if (!editing) return shown;
  return (
    // Until the form is there (a moment, the first time), the value stays as it was.
    <Suspense fallback={shown}>
      <InlineEditForm
        label={label}
        value={value}
        schema={schema}
        onSave={onSave}
        onDone={() => setEditing(false)}
      />
    </Suspense>
  );
}
