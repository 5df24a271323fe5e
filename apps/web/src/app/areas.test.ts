import { describe, expect, it } from 'vitest';
import { AREA_TABS } from './areas';

const labelsOf = (role: keyof typeof AREA_TABS) => AREA_TABS[role].map((tab) => `${tab.label}=${tab.path}`);

/** A staff member's day, the same four tabs in every staff area. */
const STAFF_WORK = ['Client=client', 'Work=work', 'Calendar=calendar', 'Registers=registers'];

describe('AREA_TABS', () => {
  it('lists each area’s tabs, labelled once per section, in the spec’s order', () => {
    expect(labelsOf('admin')).toEqual([
      'Dashboard=dashboard',
      'MPCs=mpc',
      'Profile=profile',
      'Services=service',
      'Compliance=compliance',
      'Activity=activity',
      'Firm approvals=firm-approvals',
      'Breaches=breaches',
      'Privacy=privacy',
      'Retention=retention',
    ]);
    expect(labelsOf('mpc')).toEqual([
      'Dashboard=dashboard',
      'PCs=pc',
      'Executors=executor',
      ...STAFF_WORK,
      'Billing=billing',
      'Data requests=data-requests',
      'User Link=file',
      'Activity=activity',
      'Breaches=breaches',
      'Privacy=privacy',
      'Retention=retention',
    ]);
    expect(labelsOf('pc')).toEqual([
      'Dashboard=dashboard',
      'Executors=executor',
      ...STAFF_WORK,
      'Billing=billing',
      'Data requests=data-requests',
      'Files=file',
    ]);
    expect(labelsOf('executor')).toEqual(['Dashboard=dashboard', ...STAFF_WORK, 'Billing=billing', 'Files=file']);
    expect(labelsOf('client')).toEqual([
      'Dashboard=dashboard',
      'Profile=profile',
      'Calendar=calendar',
      'Files=file',
      'Invoices=invoices',
    ]);
  });

  it('shows Billing and Data requests to staff only when the MPC lets them', () => {
    const shown = (role: 'pc' | 'executor', path: string, user: { may_bill: boolean; may_handle_rights: boolean }) =>
      AREA_TABS[role].find((tab) => tab.path === path)?.shownTo?.(user as never);
    expect(shown('pc', 'billing', { may_bill: false, may_handle_rights: true })).toBe(false);
    expect(shown('pc', 'billing', { may_bill: true, may_handle_rights: false })).toBe(true);
    expect(shown('pc', 'data-requests', { may_bill: true, may_handle_rights: false })).toBe(false);
    expect(shown('executor', 'billing', { may_bill: true, may_handle_rights: false })).toBe(true);
    expect(AREA_TABS.mpc.every((tab) => tab.shownTo === undefined)).toBe(true);
  });
});
