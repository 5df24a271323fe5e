import type { ComponentProps } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

type BusyButtonProps = ComponentProps<typeof Button> & {
  /** While true the button is disabled and shows a spinner before its label. */
  busy: boolean;
  /** What the spinner says to a screen reader ("Saving", "Sending"). */
  busyLabel: string;
  /** `status` where the page has no other live region to announce the wait. */
  spinnerRole?: 'status';
};

/** A button whose action takes a while: a second click cannot send it twice, and the wait is shown. */
export function BusyButton({ busy, busyLabel, spinnerRole, disabled, children, ...button }: BusyButtonProps) {
  return (
    <Button {...button} disabled={busy || disabled}>
      {busy && <Spinner animation="border" size="sm" className="me-2" role={spinnerRole} aria-label={busyLabel} />}
      {children}
    </Button>
  );
}
