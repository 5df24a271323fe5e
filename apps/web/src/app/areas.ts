import type { RoleName } from '@portal/contract/roles';

type AreaTab = { label: string; path: string };

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
    { label: 'User Link', path: 'file' },
    { label: 'Activity', path: 'activity' },
  ],
  pc: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Executors', path: 'executor' },
    { label: 'Client', path: 'client' },
    { label: 'Work', path: 'work' },
    { label: 'Calendar', path: 'calendar' },
    { label: 'Registers', path: 'registers' },
    { label: 'Files', path: 'file' },
  ],
  executor: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Client', path: 'client' },
    { label: 'Work', path: 'work' },
    { label: 'Calendar', path: 'calendar' },
    { label: 'Registers', path: 'registers' },
    { label: 'Files', path: 'file' },
  ],
  client: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Profile', path: 'profile' },
    { label: 'Calendar', path: 'calendar' },
    { label: 'Files', path: 'file' },
  ],
};
