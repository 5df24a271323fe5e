import { formatIndianDate } from '@portal/contract/plain-dates';
import {
  RIGHTS_STATUS_LABELS,
  type RightsContact,
  type RightsRequestSummary,
  type RightsStatus,
} from '@portal/contract/rights-requests';
import Badge from 'react-bootstrap/Badge';

// Colours with enough contrast on white for their text (the accessibility suite checks them).
const STATUS_BADGES: Record<RightsStatus, { bg: string; text?: 'dark' }> = {
  received: { bg: 'warning', text: 'dark' },
  in_progress: { bg: 'info', text: 'dark' },
  answered: { bg: 'success' },
  closed: { bg: 'secondary' },
};

export function RightsStatusBadge({ status }: { status: RightsStatus }) {
  const badge = STATUS_BADGES[status];
  return (
    <Badge bg={badge.bg} text={badge.text}>
      {RIGHTS_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "01/05/2026", with "Overdue" beside it once the day has passed and the request is still open. */
export function RightsDue({ request }: { request: Pick<RightsRequestSummary, 'due_date' | 'overdue'> }) {
  return (
    <>
      {formatIndianDate(request.due_date)} {request.overdue && <Badge bg="danger">Overdue</Badge>}
    </>
  );
}

/** The firm's data protection contact, which every answer carries (DPDP Rules 2025, rule 9). */
export function RightsContactLine({ contact }: { contact: RightsContact }) {
  if (!contact) return <p className="small text-muted mb-0">Questions about your personal data: write to your firm.</p>;
  return (
    <p className="small mb-0">
      Data protection contact: {contact.name}, <a href={`mailto:${contact.email}`}>{contact.email}</a>,{' '}
      <a href={`tel:${contact.phone.replace(/\s+/g, '')}`}>{contact.phone}</a>
    </p>
  );
}
