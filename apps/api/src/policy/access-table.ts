import type { RoleName } from '@portal/contract/roles';

/**
 * Who may do what, as one table a person reads top to bottom (docs/authorization.md is generated from
 * it, and a test checks the two agree). Every per-record decision (`authorize`), every scoped list
 * (`scopeFor`, turned into SQL by the users repository), the `permissions` sent to the browser and the
 * access tests read this table and nothing else. A pair (actor, target) not granted by a row is denied.
 */

/** How an actor stands to the record it acts on. */
export type Relation =
  /** The target is the actor itself. */
  | 'self'
  /** The actor is completing its own registration (status `created`): its own record, nothing else. */
  | 'registering-self'
  /** Any user of the target roles on the platform (the admin and the MPCs). */
  | 'platform'
  /** A user of the actor's firm (for an MPC, the firm it leads). */
  | 'firm'
  /** A user of the actor's firm that the actor created. */
  | 'created'
  /** A client of the actor's firm with a service assigned to the actor, while it is in PC/Executor mode. */
  | 'assigned'
  /** A client of another firm whose service was handed to this MPC by username, while in MPC mode. */
  | 'delegated'
  /** A file the actor uploaded, or a folder it created. */
  | 'own-upload'
  /** A file its uploader marked "Can Client Delete? Yes". */
  | 'client-may-delete'
  /** Any record the actor reaches through another row (staff delete what they can open). */
  | 'reachable';

export type Action =
  | 'user.view'
  | 'user.edit'
  | 'user.disable'
  | 'user.enable'
  | 'family.manage'
  | 'service.assign'
  | 'file.read'
  | 'file.upload'
  | 'file.delete'
  | 'folder.delete'
  | 'link.manage'
  | 'service.write';

export type AccessRule = {
  action: Action;
  role: RoleName;
  relation: Relation;
  /** The kinds of user the target may be (user actions); for files, the client whose files they are. */
  targets: RoleName[];
};

const STAFF_TARGETS: RoleName[] = ['pc', 'executor', 'client'];
const ALL_ROLES: RoleName[] = ['admin', 'mpc', 'pc', 'executor', 'client'];

/** `manage` actions share their reach: edit, disable, enable. */
const manageRows = (action: Action): AccessRule[] => [
  { action, role: 'admin', relation: 'platform', targets: ['mpc'] },
  { action, role: 'mpc', relation: 'firm', targets: STAFF_TARGETS },
  { action, role: 'pc', relation: 'created', targets: ['executor', 'client'] },
  { action, role: 'executor', relation: 'created', targets: ['client'] },
];

/** A client's files, for one service of it (read, upload, create folders). */
const fileRows = (action: Action): AccessRule[] => [
  { action, role: 'client', relation: 'self', targets: ['client'] },
  { action, role: 'mpc', relation: 'firm', targets: ['client'] },
  { action, role: 'mpc', relation: 'delegated', targets: ['client'] },
  { action, role: 'pc', relation: 'created', targets: ['client'] },
  { action, role: 'pc', relation: 'assigned', targets: ['client'] },
  { action, role: 'executor', relation: 'created', targets: ['client'] },
  { action, role: 'executor', relation: 'assigned', targets: ['client'] },
];

export const ACCESS_TABLE: readonly AccessRule[] = [
  // Seeing a user: lists, details, counts. Assigned staff see a client (they do not manage it).
  ...ALL_ROLES.map((role): AccessRule => ({ action: 'user.view', role, relation: 'self', targets: [role] })),
  { action: 'user.view', role: 'admin', relation: 'platform', targets: ['mpc'] },
  { action: 'user.view', role: 'mpc', relation: 'firm', targets: STAFF_TARGETS },
  { action: 'user.view', role: 'pc', relation: 'created', targets: ['executor', 'client'] },
  { action: 'user.view', role: 'pc', relation: 'assigned', targets: ['client'] },
  { action: 'user.view', role: 'executor', relation: 'created', targets: ['client'] },
  { action: 'user.view', role: 'executor', relation: 'assigned', targets: ['client'] },

  // Editing another user's form; one's own only to complete one's registration.
  ...manageRows('user.edit'),
  ...ALL_ROLES.map(
    (role): AccessRule => ({
      action: 'user.edit',
      role,
      relation: 'registering-self',
      targets: [role],
    }),
  ),
  ...manageRows('user.disable'),
  ...manageRows('user.enable'),

  // A client's family members: the client itself and whoever manages the client.
  { action: 'family.manage', role: 'client', relation: 'self', targets: ['client'] },
  { action: 'family.manage', role: 'mpc', relation: 'firm', targets: ['client'] },
  { action: 'family.manage', role: 'pc', relation: 'created', targets: ['client'] },
  { action: 'family.manage', role: 'executor', relation: 'created', targets: ['client'] },

  // Who handles which service of a client: the MPC of its firm.
  { action: 'service.assign', role: 'mpc', relation: 'firm', targets: ['client'] },

  ...fileRows('file.read'),
  ...fileRows('file.upload'),
  // Deleting, once the files are reachable: staff anything, a client its own or what it may delete.
  ...(['mpc', 'pc', 'executor'] as const).map(
    (role): AccessRule => ({ action: 'file.delete', role, relation: 'reachable', targets: ['client'] }),
  ),
  { action: 'file.delete', role: 'client', relation: 'own-upload', targets: ['client'] },
  { action: 'file.delete', role: 'client', relation: 'client-may-delete', targets: ['client'] },
  ...(['mpc', 'pc', 'executor'] as const).map(
    (role): AccessRule => ({ action: 'folder.delete', role, relation: 'reachable', targets: ['client'] }),
  ),
  { action: 'folder.delete', role: 'client', relation: 'own-upload', targets: ['client'] },

  // One's own user links (the MPC's User Link tab, the PC's and executor's Files tab).
  ...(['mpc', 'pc', 'executor'] as const).map(
    (role): AccessRule => ({ action: 'link.manage', role, relation: 'self', targets: [role] }),
  ),

  // The services catalogue.
  { action: 'service.write', role: 'admin', relation: 'platform', targets: [] },
];

/** The rows that grant `action` to `role`. */
export function rulesFor(role: RoleName, action: Action): AccessRule[] {
  return ACCESS_TABLE.filter((rule) => rule.role === role && rule.action === action);
}
