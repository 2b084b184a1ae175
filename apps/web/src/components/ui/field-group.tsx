import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

export interface FieldGroupProps {
  id: string;
  label: string;
  /** A hint under the field (a rule the value must follow), read out with it. */
  help?: string | undefined;
  /** An already translated message; its presence marks the field invalid. */
  error?: string | undefined;
  /** The control, given the ids of its hint and message for `aria-describedby`. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** What every form field shares: its label, the control, its hint and its validation message. */
export function FieldGroup({ id, label, help: hint, error, children }: FieldGroupProps) {
  // A message that repeats the hint (a rule broken) is said once, as the message.
  const help = hint === error ? undefined : hint;
  const describedBy = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children(describedBy || undefined)}
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
