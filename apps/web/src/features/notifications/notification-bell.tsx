import type { Notification } from '@portal/contract/notifications';
import type { RoleName } from '@portal/contract/roles';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Bell from 'react-bootstrap-icons/dist/icons/bell';
import BellFill from 'react-bootstrap-icons/dist/icons/bell-fill';
import { Link } from 'react-router';
import { NotificationEntry } from './notification-entry';
import { notificationPathOf } from './notification-paths';
import { useMarkNotificationsRead, useNotifications } from './notifications-api';

/** The latest few the menu lists; the rest are on the Notifications page. */
const LATEST = 8;

/** "Notifications, 3 unread": what the bell is called, for a screen reader and as its tooltip. */
export function bellLabelOf(unread: number): string {
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
}

/**
 * The bell of the top bar: the caller's unread count, and a menu of its latest notifications, each
 * leading to what it is about and marked read as it is opened; "Mark all as read"; the whole list.
 */
export function NotificationBell({ role }: { role: RoleName }) {
  const latest = useNotifications(1, LATEST);
  const markRead = useMarkNotificationsRead();
  const unread = latest.data?.unread ?? 0;
  const label = bellLabelOf(unread);
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
  };
  return (
    <Dropdown align="end" className="notification-bell">
      <Dropdown.Toggle
        variant="link"
        className="nav-link bell-toggle px-2 position-relative"
        aria-label={label}
        title={label}
      >
        {unread > 0 ? <BellFill aria-hidden /> : <Bell aria-hidden />}
        {unread > 0 && (
          <Badge pill bg="danger" className="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </Badge>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="notification-menu py-0" aria-label="Notifications">
        <div className="d-flex align-items-center justify-content-between gap-2 px-3 py-2 border-bottom">
          <span className="fw-semibold">Notifications</span>
          {unread > 0 && (
            <Button
              size="sm"
              variant="link"
              className="p-0"
              disabled={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all as read
            </Button>
          )}
        </div>
        {latest.isPending && <p className="px-3 py-2 mb-0 text-muted small">Loading notifications…</p>}
        {latest.isError && <p className="px-3 py-2 mb-0 text-danger small">Notifications could not be loaded.</p>}
        {latest.data?.data.length === 0 && <p className="px-3 py-2 mb-0 text-muted small">No notifications yet.</p>}
        {latest.data?.data.map((notification) => {
          const path = notificationPathOf(role, notification);
          return path ? (
            <Dropdown.Item
              key={notification.id}
              as={Link}
              to={path}
              className="notification-item border-bottom"
              onClick={() => open(notification)}
            >
              <NotificationEntry notification={notification} />
            </Dropdown.Item>
          ) : (
            <Dropdown.Item
              key={notification.id}
              as="button"
              className="notification-item border-bottom"
              onClick={() => open(notification)}
            >
              <NotificationEntry notification={notification} />
            </Dropdown.Item>
          );
        })}
        <Dropdown.Item as={Link} to={`/${role}/notifications`} className="text-center small py-2">
          See all notifications
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
