import type { RoleName } from '@portal/contract/roles';

type RoleTexts = {
  /** The role's display name, as the spec's tabs and headings say it ("Add MPC", "PC Details"). */
  name: string;
  add: string;
  list: string;
  details: string;
  edit: string;
  editButton: string;
  plural: string;
  /** One of them, as in "Client not found." */
  noun: string;
};

/** Headings per kind of user, in the spec's words where it gives them. */
export const ROLE_TEXTS: Record<RoleName, RoleTexts> = {
  admin: {
    name: 'Admin',
    add: 'Add Admin',
    list: 'Admins List',
    details: 'Admin Details',
    edit: 'Edit Admin',
    editButton: 'Edit Admin',
    plural: 'Admins',
    noun: 'Admin',
  },
  mpc: {
    name: 'MPC',
    add: 'Add Master Professional Consultant',
    list: 'MPC List',
    details: 'MPC Details',
    edit: 'Edit Master Professional Consultant',
    editButton: 'Edit MPC',
    plural: 'MPCs',
    noun: 'MPC',
  },
  pc: {
    name: 'PC',
    add: 'Add Professional Consultant',
    list: 'PCs List',
    details: 'PC Details',
    edit: 'Edit Professional Consultant',
    editButton: 'Edit PC',
    plural: 'PCs',
    noun: 'PC',
  },
  executor: {
    name: 'Executor',
    add: 'Add Executor',
    list: 'Executors List',
    details: 'Executor Details',
    edit: 'Edit Executor',
    editButton: 'Edit Executor',
    plural: 'Executors',
    noun: 'Executor',
  },
  client: {
    name: 'Client',
    add: 'Add Client',
    list: 'Clients List',
    details: 'Client Details',
    edit: 'Edit Client',
    editButton: 'Edit Client',
    plural: 'Clients',
    noun: 'Client',
  },
};
