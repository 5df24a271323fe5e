import type { Notification } from '@portal/contract/notifications';

/** A notification as the server lists it: unread, about nothing, unless the test says otherwise. */
export function notificationOf(id: number, fields: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'work_assigned',
    text: `Notice ${id}`,
    read: false,
    created_at: '2026-11-20T10:00:00.000Z',
    actor: null,
    work_item_id: null,
    client_id: null,
    service_id: null,
    request_id: null,
    ...fields,
  } as Notification;
}
