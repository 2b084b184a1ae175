import { Button, type ButtonProps, Spinner } from 'react-bootstrap';

export interface BusyButtonProps extends ButtonProps {
  /** Shows a spinner before the label and disables the button while an action runs. */
  busy: boolean;
}

/** A button whose action takes a while: disabled, with a spinner, until it is done. */
export function BusyButton({ busy, disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button {...props} disabled={busy || disabled}>
      {busy && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}
