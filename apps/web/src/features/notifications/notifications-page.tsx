import type { Notification } from '@portal/contract/notifications';
import type { RoleName } from '@portal/contract/roles';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FailureAlert } from '../../components/failure-alert';
import { Pager } from '../../components/pager';
import { useDocumentTitle } from '../../lib/document-title';
import { NotificationEntry } from './notification-entry';
import { notificationPathOf } from './notification-paths';
import { useMarkNotificationsRead, useNotifications } from './notifications-api';

const PER_PAGE = 20;

/** {role}/notifications: every notification of the caller, newest first, a page at a time. */
export function NotificationsPage({ role }: { role: RoleName }) {
  useDocumentTitle('Notifications');
  const [page, setPage] = useState(1);
  const list = useNotifications(page, PER_PAGE);
  const markRead = useMarkNotificationsRead();
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
  };
  return (
    <section aria-labelledby="notifications-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0" id="notifications-title">
          Notifications
        </h1>
        <Button
          variant="outline-secondary"
          size="sm"
          disabled={!list.data || list.data.unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all as read
        </Button>
      </div>
      <FailureAlert of={markRead} />
      <FailureAlert of={list} />
      {list.isPending && <Spinner animation="border" role="status" aria-label="Loading notifications" />}
      {list.data && (
        <>
          <p className="text-muted small">{list.data.unread === 0 ? 'All read.' : `${list.data.unread} unread.`}</p>
          <ListGroup className="mb-3">
            {list.data.data.length === 0 && <ListGroup.Item>No notifications yet.</ListGroup.Item>}
            {list.data.data.map((notification) => {
              const path = notificationPathOf(role, notification);
              return (
                <ListGroup.Item key={notification.id} className="notification-item">
                  {path ? (
                    <Link
                      to={path}
                      className="text-reset text-decoration-none d-block"
                      onClick={() => open(notification)}
                    >
                      <NotificationEntry notification={notification} />
                    </Link>
                  ) : (
                    <div className="d-flex flex-wrap justify-content-between gap-2">
                      <NotificationEntry notification={notification} />
                      {!notification.read && (
                        <Button size="sm" variant="link" className="p-0" onClick={() => open(notification)}>
                          Mark as read
                        </Button>
                      )}
                    </div>
                  )}
                </ListGroup.Item>
              );
            })}
          </ListGroup>
          {list.data.last_page > 1 && (
            <Pager page={page} lastPage={list.data.last_page} onChange={setPage} label="Notification pages" />
          )}
        </>
      )}
    </section>
  );
}
