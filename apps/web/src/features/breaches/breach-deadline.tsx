import { BOARD_REPORT_HOURS, type BoardDeadline } from '@portal/contract/breaches';
import { formatIndianDate } from '@portal/contract/plain-dates';
import Badge from 'react-bootstrap/Badge';
import { formatDateTime } from '../../lib/format';

/** "41 h 20 min": whole hours and minutes of a span in minutes. */
function formatSpan(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${rest} min` : `${rest} min`;
}

/** Where the Board's 72 hours stand (DPDP Rules 2025 rule 7(2)(b)), in words and a colour. */
export function describeDeadline(board: BoardDeadline): { label: string; detail: string; bg: string; text?: 'dark' } {
  const due = `${formatDateTime(board.due_at)} IST`;
  if (board.reported_on)
    return {
      label: 'Reported',
      detail: `Reported to the Board on ${formatIndianDate(board.reported_on)}`,
      bg: 'success',
    };
  if (board.overdue)
    return {
      label: 'Overdue',
      detail: `Overdue by ${formatSpan(-board.minutes_left)}: the detailed report was due ${due}`,
      bg: 'danger',
    };
  return {
    label: `${formatSpan(board.minutes_left)} left`,
    detail: `The detailed report to the Board is due ${due} (${BOARD_REPORT_HOURS} hours from when it was found)`,
    bg: 'warning',
    text: 'dark',
  };
}

/** The deadline as a badge, with its sentence beside it when `full`. */
export function BreachDeadline({ board, full = false }: { board: BoardDeadline; full?: boolean }) {
  const deadline = describeDeadline(board);
  return (
    <span>
      <Badge bg={deadline.bg} text={deadline.text}>
        {deadline.label}
      </Badge>
      {full ? (
        <span className="ms-2">{deadline.detail}</span>
      ) : (
        <span className="visually-hidden">{deadline.detail}</span>
      )}
    </span>
  );
}
