import type { Notification } from '@portal/contract/notifications';
import type { RoleName } from '@portal/contract/roles';

/**
 * Where a notification leads its reader: the work item it is about, else the files of the client
 * service (a service just handed over). Null: nothing to open.
 */
export function notificationPathOf(role: RoleName, notification: Notification): string | null {
  // Data requests (issue 25): the client's own list on its profile; staff's queue.
  if (notification.kind.startsWith('rights_'))
    return role === 'client' ? '/client/profile' : role === 'mpc' || role === 'pc' ? `/${role}/data-requests` : null;
  // A client withdrew its consent: the MPC's Privacy screen lists it.
  if (notification.kind === 'consent_withdrawn') return role === 'mpc' ? '/mpc/privacy' : null;
  if (notification.work_item_id !== null && role !== 'admin') return `/${role}/work/${notification.work_item_id}`;
  if (notification.service_id === null) return null;
  if (role === 'client') return `/client/file/${notification.service_id}`;
  if (notification.client_id !== null && role !== 'admin')
    return `/${role}/client/file/${notification.client_id}/${notification.service_id}`;
  return null;
}
