import type { SignedInUser } from '@portal/contract/auth';
import type { RoleName } from '@portal/contract/roles';

/** A tab of an area; `shownTo` keeps it to the users it serves (Billing: staff the MPC lets bill). */
type AreaTab = { label: string; path: string; shownTo?: (user: SignedInUser) => boolean };

const mayBill = (user: SignedInUser) => user.may_bill;
const mayHandleRights = (user: SignedInUser) => user.may_handle_rights;

/** Each section's one label, by its path; an area names its own where it differs (the MPC's User Link). */
const TAB_LABELS = {
  dashboard: 'Dashboard',
  mpc: 'MPCs',
  pc: 'PCs',
  executor: 'Executors',
  client: 'Client',
  profile: 'Profile',
  service: 'Services',
  compliance: 'Compliance',
  work: 'Work',
  calendar: 'Calendar',
  registers: 'Registers',
  billing: 'Billing',
  'data-requests': 'Data requests',
  file: 'Files',
  invoices: 'Invoices',
  activity: 'Activity',
  'firm-approvals': 'Firm approvals',
  breaches: 'Breaches',
  privacy: 'Privacy',
  retention: 'Retention',
} as const;

type TabPath = keyof typeof TAB_LABELS;

/** The tab of a section, with its label and, for some areas, who of the area sees it. */
function tab(path: TabPath, more: Partial<AreaTab> = {}): AreaTab {
  return { label: TAB_LABELS[path], path, ...more };
}

/** The tabs of sections every one of its users sees, in the order given. */
function tabs(...paths: TabPath[]): AreaTab[] {
  return paths.map((path) => tab(path));
}

/** A staff member's day: its clients, their work, the calendar and the registers. */
const STAFF_WORK: TabPath[] = ['client', 'work', 'calendar', 'registers'];

/**
 * Each role area's tab bar, in the spec's order.
 */
export const AREA_TABS: Record<RoleName, AreaTab[]> = {
  admin: tabs(
    'dashboard',
    'mpc',
    'profile',
    'service',
    'compliance',
    'activity',
    'firm-approvals',
    'breaches',
    'privacy',
    'retention',
  ),
  mpc: [
    ...tabs('dashboard', 'pc', 'executor', ...STAFF_WORK, 'billing', 'data-requests'),
    tab('file', { label: 'User Link' }),
    ...tabs('activity', 'breaches', 'privacy', 'retention'),
  ],
  pc: [
    ...tabs('dashboard', 'executor', ...STAFF_WORK),
    tab('billing', { shownTo: mayBill }),
    tab('data-requests', { shownTo: mayHandleRights }),
    tab('file'),
  ],
  executor: [...tabs('dashboard', ...STAFF_WORK), tab('billing', { shownTo: mayBill }), tab('file')],
  client: tabs('dashboard', 'profile', 'calendar', 'file', 'invoices'),
};
