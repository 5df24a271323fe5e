import type { SignedInUser } from '@portal/contract/auth';
import type { RoleName } from '@portal/contract/roles';

/** A tab of an area; `shownTo` keeps it to the users it serves (Billing: staff the MPC lets bill). */
type AreaTab = { label: string; path: string; shownTo?: (user: SignedInUser) => boolean };

const mayBill = (user: SignedInUser) => user.may_bill;
const mayHandleRights = (user: SignedInUser) => user.may_handle_rights;

/**
 * Each role area's tab bar, in the spec's order.
 */
export const AREA_TABS: Record<RoleName, AreaTab[]> = {
  admin: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'MPCs', path: 'mpc' },
    { label: 'Profile', path: 'profile' },
    { label: 'Services', path: 'service' },
    { label: 'Compliance', path: 'compliance' },
    { label: 'Activity', path: 'activity' },
    { label: 'Firm approvals', path: 'firm-approvals' },
    { label: 'Breaches', path: 'breaches' },
    { label: 'Privacy', path: 'privacy' },
    { label: 'Retention', path: 'retention' },
  ],
  mpc: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'PCs', path: 'pc' },
    { label: 'Executors', path: 'executor' },
    { label: 'Client', path: 'client' },
    { label: 'Work', path: 'work' },
    { label: 'Calendar', path: 'calendar' },
    { label: 'Registers', path: 'registers' },
    { label: 'Billing', path: 'billing' },
    { label: 'Data requests', path: 'data-requests' },
    { label: 'User Link', path: 'file' },
    { label: 'Activity', path: 'activity' },
    { label: 'Breaches', path: 'breaches' },
    { label: 'Privacy', path: 'privacy' },
    { label: 'Retention', path: 'retention' },
  ],
  pc: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Executors', path: 'executor' },
    { label: 'Client', path: 'client' },
    { label: 'Work', path: 'work' },
    { label: 'Calendar', path: 'calendar' },
    { label: 'Registers', path: 'registers' },
    { label: 'Billing', path: 'billing', shownTo: mayBill },
    { label: 'Data requests', path: 'data-requests', shownTo: mayHandleRights },
    { label: 'Files', path: 'file' },
  ],
  executor: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Client', path: 'client' },
    { label: 'Work', path: 'work' },
    { label: 'Calendar', path: 'calendar' },
    { label: 'Registers', path: 'registers' },
    { label: 'Billing', path: 'billing', shownTo: mayBill },
    { label: 'Files', path: 'file' },
  ],
  client: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Profile', path: 'profile' },
    { label: 'Calendar', path: 'calendar' },
    { label: 'Files', path: 'file' },
    { label: 'Invoices', path: 'invoices' },
  ],
};
