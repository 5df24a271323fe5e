import type { Notification } from '@portal/contract/notifications';
import { describe, expect, it } from 'vitest';
import { notificationOf } from '../../test/notifications';
import { notificationPathOf } from './notification-paths';

const about = (fields: Partial<Notification>) => notificationOf(1, fields);

describe('notificationPathOf', () => {
  it('leads to the work item it is about', () => {
    expect(notificationPathOf('pc', about({ work_item_id: 9, client_id: 4, service_id: 2 }))).toBe('/pc/work/9');
    expect(notificationPathOf('client', about({ work_item_id: 9, service_id: 2 }))).toBe('/client/work/9');
  });

  it("else to the client service's files", () => {
    expect(notificationPathOf('mpc', about({ client_id: 4, service_id: 2 }))).toBe('/mpc/client/file/4/2');
    expect(notificationPathOf('client', about({ client_id: 4, service_id: 2 }))).toBe('/client/file/2');
  });

  it('leads nowhere without a target, and never into a firm for the admin', () => {
    expect(notificationPathOf('pc', about({}))).toBeNull();
    expect(notificationPathOf('pc', about({ client_id: 4 }))).toBeNull();
    expect(notificationPathOf('admin', about({ work_item_id: 9, client_id: 4, service_id: 2 }))).toBeNull();
  });

  it("leads a data request's notice to the client's profile, and staff to the queue", () => {
    expect(notificationPathOf('client', about({ kind: 'rights_answered', client_id: 1 }))).toBe('/client/profile');
    expect(notificationPathOf('mpc', about({ kind: 'rights_requested', client_id: 4 }))).toBe('/mpc/data-requests');
    expect(notificationPathOf('pc', about({ kind: 'rights_requested', client_id: 4 }))).toBe('/pc/data-requests');
  });
});
