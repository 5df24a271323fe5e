import { type RequestItemStatus as ItemStatus, REQUEST_ITEM_STATUS_LABELS } from '@portal/contract/requests';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';

/** Each document status's colour, dark text on light backgrounds (contrast); the words say it too. */
const ITEM_BADGE: Record<ItemStatus, { bg: string; text?: 'dark' }> = {
  pending: { bg: 'light', text: 'dark' },
  uploaded: { bg: 'info', text: 'dark' },
  accepted: { bg: 'success' },
  rejected: { bg: 'danger' },
};

type RequestItemStatusProps = {
  /** The document's name as the screen shows it (a heading on the client's page, bold on the work item). */
  name: ReactNode;
  item: { status: ItemStatus; reason: string | null };
};

/**
 * A requested document's name with its status as a coloured badge, and the reason when it was
 * rejected: the same on the work item's request card and on the client's link page.
 */
export function RequestItemStatus({ name, item }: RequestItemStatusProps) {
  const badge = ITEM_BADGE[item.status];
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between gap-2">
        {name}
        <Badge bg={badge.bg} text={badge.text} className={item.status === 'pending' ? 'border' : undefined}>
          {REQUEST_ITEM_STATUS_LABELS[item.status]}
        </Badge>
      </div>
      {item.status === 'rejected' && item.reason && <div className="small text-danger">Reason: {item.reason}</div>}
    </>
  );
}
