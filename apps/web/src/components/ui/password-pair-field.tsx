import { Col, Row } from 'react-bootstrap';
import type { FieldProps } from '../../lib/field-props';
import { TextField } from './text-field';

interface PasswordInput extends FieldProps {
  label: string;
}

export interface PasswordPairFieldProps {
  /** The inputs' ids are `{idPrefix}-password` and `{idPrefix}-password-confirmation`. */
  idPrefix: string;
  password: PasswordInput;
  /** The same password typed again. */
  confirmation: PasswordInput;
  /** The password rule, under the first input. */
  help: string;
  required?: boolean;
  /** Side by side from small screens up, instead of one under the other. */
  inline?: boolean;
}

/** A new password and its confirmation, both hidden and offered to the browser's password manager as new. */
export function PasswordPairField({
  idPrefix,
  password,
  confirmation,
  help,
  required,
  inline = false,
}: PasswordPairFieldProps) {
  const fields = [
    <TextField
      key="password"
      id={`${idPrefix}-password`}
      type="password"
      autoComplete="new-password"
      required={required}
      help={help}
      {...password}
    />,
    <TextField
      key="confirmation"
      id={`${idPrefix}-password-confirmation`}
      type="password"
      autoComplete="new-password"
      required={required}
      {...confirmation}
    />,
  ];
  if (!inline) return <>{fields}</>;
  return (
    <Row xs={1} sm={2}>
      {fields.map((field) => (
        <Col key={field.key}>{field}</Col>
      ))}
    </Row>
  );
}
