import type { RoleName } from '@portal/contract/roles';

export type AreaTab = { label: string; path: string };

/**
 * Each role area's tab bar, in the spec's order. A tab is listed once its screen exists;
 * the firm and files work adds PCs, Executors, Client, Files and User Link.
 */
export const AREA_TABS: Record<RoleName, AreaTab[]> = {
  admin: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'MPCs', path: 'mpc' },
    { label: 'Profile', path: 'profile' },
    { label: 'Services', path: 'service' },
  ],
  mpc: [{ label: 'Dashboard', path: 'dashboard' }],
  pc: [{ label: 'Dashboard', path: 'dashboard' }],
  executor: [{ label: 'Dashboard', path: 'dashboard' }],
  client: [{ label: 'Dashboard', path: 'dashboard' }],
};
