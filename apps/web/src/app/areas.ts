import type { RoleName } from '@portal/contract/roles';

export type AreaTab = { label: string; path: string };

/**
 * Each role area's tab bar, in the spec's order.
 */
export const AREA_TABS: Record<RoleName, AreaTab[]> = {
  admin: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'MPCs', path: 'mpc' },
    { label: 'Profile', path: 'profile' },
    { label: 'Services', path: 'service' },
  ],
  mpc: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'PCs', path: 'pc' },
    { label: 'Executors', path: 'executor' },
    { label: 'Client', path: 'client' },
    { label: 'User Link', path: 'file' },
  ],
  pc: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Executors', path: 'executor' },
    { label: 'Client', path: 'client' },
    { label: 'Files', path: 'file' },
  ],
  executor: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Client', path: 'client' },
    { label: 'Files', path: 'file' },
  ],
  client: [
    { label: 'Dashboard', path: 'dashboard' },
    { label: 'Profile', path: 'profile' },
    { label: 'Files', path: 'file' },
  ],
};
