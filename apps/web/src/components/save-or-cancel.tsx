import { Link } from 'react-router';
import { BusyButton } from './busy-button';

type SaveOrCancelProps = {
  submitLabel: string;
  busy: boolean;
  /** What the spinner says while saving. */
  busyLabel: string;
  /** Where Cancel goes back to (the page's form asks first if anything is unsaved). */
  cancelTo: string;
  className: string;
};

/** The end of a form on its own page: its submit button, and Cancel as a link back. */
export function SaveOrCancel({ submitLabel, busy, busyLabel, cancelTo, className }: SaveOrCancelProps) {
  return (
    <div className={className}>
      <BusyButton type="submit" busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </BusyButton>
      <Link className="btn btn-outline-secondary" to={cancelTo}>
        Cancel
      </Link>
    </div>
  );
}
