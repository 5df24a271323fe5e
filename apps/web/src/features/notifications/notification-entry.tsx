import type { Notification } from '@portal/contract/notifications';
import { formatDateTime } from '../../lib/format';

/** One notification's sentence, its time, and whether it is still unread (said in words, not only bold). */
export function NotificationEntry({ notification }: { notification: Notification }) {
  return (
    <span className="d-flex gap-2 align-items-start">
      <span
        className={`notification-dot mt-2 flex-shrink-0 ${notification.read ? '' : 'bg-primary'}`}
        aria-hidden="true"
      />
      <span className="d-block">
        {!notification.read && <span className="visually-hidden">Unread: </span>}
        <span className={`d-block ${notification.read ? '' : 'fw-semibold'}`}>{notification.text}</span>
        <small className="text-muted">{formatDateTime(notification.created_at)}</small>
      </span>
    </span>
  );
}
