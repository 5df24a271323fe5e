import { formatIndianDate } from '@portal/contract/plain-dates';
import { WORK_STATUS_LABELS, type WorkStatus } from '@portal/contract/work';
import Badge from 'react-bootstrap/Badge';

/** Each status's colour, with dark text where the background is light (contrast, WCAG AA). */
const STATUS_BADGE: Record<WorkStatus, { bg: string; text?: 'dark' }> = {
  not_started: { bg: 'light', text: 'dark' },
  awaiting_documents: { bg: 'warning', text: 'dark' },
  in_progress: { bg: 'info', text: 'dark' },
  under_review: { bg: 'primary' },
  verified: { bg: 'success', text: 'dark' },
  filed: { bg: 'success' },
  completed: { bg: 'secondary' },
  cancelled: { bg: 'dark' },
};

export function StatusBadge({ status }: { status: WorkStatus }) {
  const style = STATUS_BADGE[status];
  return (
    <Badge bg={style.bg} text={style.text} className={status === 'not_started' ? 'border' : undefined}>
      {WORK_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A due date as dd/mm/yyyy, in red with the word "Overdue" when the work is late (colour is not alone). */
export function DueDate({ date, overdue }: { date: string; overdue: boolean }) {
  return overdue ? (
    <span className="text-danger-emphasis fw-semibold">
      {formatIndianDate(date)} <Badge bg="danger">Overdue</Badge>
    </span>
  ) : (
    <span>{formatIndianDate(date)}</span>
  );
}
