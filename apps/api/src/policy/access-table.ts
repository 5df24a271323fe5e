import type { RoleName } from '@portal/contract/roles';

/**
 * Who may do what, as one table a person reads top to bottom (docs/authorization.md is generated from
 * it, and a test checks the two agree). Its relations are read in SQL once per kind of target
 * (`user-reach.ts`, `client-service-reach.ts`: every list and every lookup of one record) and in
 * memory by `authorize` (each answer's `permissions`, held to the SQL by test/reach-readings.test.ts);
 * nothing else decides access. A pair (actor, target) not granted by a row is denied.
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
  /** A file the actor uploaded, or a folder it created, in a client service whose files it opens (`file.read`). */
  | 'own-upload'
  /** A file its uploader marked "Can Client Delete? Yes", in a client service whose files the actor opens. */
  | 'client-may-delete'
  /** Any file or folder of a client service whose files the actor opens (staff delete what they can open). */
  | 'reachable'
  /** A file or folder in the trash that the actor itself deleted, in a client service whose files it opens. */
  | 'own-deletion'
  /** A work item of the actor's firm assigned to the actor, whoever its client is. */
  | 'assignee'
  /**
   * A work item assigned to the actor (a PC or executor) of a client service another firm handed to the
   * actor's firm's MPC (client in MPC mode), while the service stays handed to it.
   */
  | 'delegated-assignee'
  /**
   * A client service another firm handed to the actor's firm's MPC (client in MPC mode), while a work item
   * of that service is assigned to the actor (a PC or executor): its folders and files.
   */
  | 'delegated-handler'
  /** A work item whose reviewer (maker-checker) is the actor, whoever its client is. */
  | 'reviewer'
  /** A user of the actor's firm, while the firm's MPC lets the actor bill (the per-person `billing` permission). */
  | 'firm-biller'
  /** A user of the actor's firm, while the firm's MPC lets the actor handle data requests (the per-person `rights` permission). */
  | 'firm-rights';

export type Action =
  | 'user.view'
  | 'user.count'
  | 'user.create'
  | 'user.edit'
  | 'user.disable'
  | 'user.enable'
  | 'user.send_reset'
  | 'user.reset_2fa'
  | 'family.manage'
  | 'service.assign'
  | 'file.read'
  | 'file.upload'
  | 'file.delete'
  | 'file.firm_only'
  | 'file.visibility'
  | 'file.restore_version'
  | 'file.restore'
  | 'file.purge'
  | 'folder.delete'
  | 'link.manage'
  | 'service.write'
  | 'firm.approve'
  | 'audit.read'
  | 'audit.client'
  | 'audit.client_account'
  | 'work.view'
  | 'work.edit'
  | 'work.create'
  | 'work.review'
  | 'recurring.view'
  | 'recurring.manage'
  | 'request.view'
  | 'request.manage'
  | 'request.upload'
  | 'firm.settings'
  | 'firm.feed'
  | 'checklist.template_read'
  | 'checklist.template'
  | 'checklist.view'
  | 'checklist.tick'
  | 'compliance.write'
  | 'notification.read'
  | 'dsc.view'
  | 'dsc.manage'
  | 'billing.manage'
  | 'billing.grant'
  | 'billing.profile'
  | 'billing.view_own'
  | 'breach.view'
  | 'breach.record'
  | 'breach.notify'
  | 'retention.view'
  | 'retention.edit'
  | 'client.hold'
  | 'client.erase'
  | 'rights.ask'
  | 'rights.view'
  | 'rights.answer'
  | 'rights.grant'
  | 'privacy.manage'
  | 'privacy.platform'
  | 'privacy.consent'
  | 'privacy.withdraw';

export type AccessRule = {
  action: Action;
  role: RoleName;
  relation: Relation;
  /** The kinds of user the target may be (user actions); for files, the client whose files they are. */
  targets: RoleName[];
};

const STAFF_TARGETS: RoleName[] = ['pc', 'executor', 'client'];
const ALL_ROLES: RoleName[] = ['admin', 'mpc', 'pc', 'executor', 'client'];

/**
 * Adding and managing users share their reach: create (the new user joins the actor's firm, created by
 * it), edit, disable, enable.
 */
const manageRows = (action: Action): AccessRule[] => [
  { action, role: 'admin', relation: 'platform', targets: ['mpc'] },
  { action, role: 'mpc', relation: 'firm', targets: STAFF_TARGETS },
  { action, role: 'pc', relation: 'created', targets: ['executor', 'client'] },
  { action, role: 'executor', relation: 'created', targets: ['client'] },
];

/**
 * The staff who reach one service of a client: its firm's MPC, the MPC another firm handed it to, the
 * PC or executor who created the client or handles that service (PC/Executor mode). Its files, its work
 * items (docs/compliance-calendar.md) and their document requests all hang off that service.
 */
const clientServiceRows = (action: Action): AccessRule[] => [
  { action, role: 'mpc', relation: 'firm', targets: ['client'] },
  { action, role: 'mpc', relation: 'delegated', targets: ['client'] },
  { action, role: 'pc', relation: 'created', targets: ['client'] },
  { action, role: 'pc', relation: 'assigned', targets: ['client'] },
  { action, role: 'executor', relation: 'created', targets: ['client'] },
  { action, role: 'executor', relation: 'assigned', targets: ['client'] },
];

/**
 * The receiving firm's PC or executor (docs/decisions/0047): its MPC handed it work of a service another
 * firm handed the MPC, so it opens that service's folders and files, nothing else of the client.
 */
const delegatedHandlerRows = (action: Action): AccessRule[] =>
  (['pc', 'executor'] as const).map((role) => ({ action, role, relation: 'delegated-handler', targets: ['client'] }));

/** A client's files, for one service of it (read, upload, create folders): the client and its staff. */
const fileRows = (action: Action): AccessRule[] => [
  { action, role: 'client', relation: 'self', targets: ['client'] },
  ...clientServiceRows(action),
  ...delegatedHandlerRows(action),
];

/** A client's work for one service: who reaches its files reaches its work, and the item's assignee. */
const workRows = clientServiceRows;
/**
 * A work item's assignee: of its own firm's item, and of an item of a service another firm handed its
 * firm's MPC, which that MPC handed on to it (docs/decisions/0047).
 */
const assigneeRows = (action: Action): AccessRule[] =>
  (['assignee', 'delegated-assignee'] as const).flatMap((relation) =>
    (['pc', 'executor'] as const).map((role): AccessRule => ({ action, role, relation, targets: ['client'] })),
  );
/** Staff acting on a file or folder, wherever they open the client service's files (`reachable`). */
const reachableStaffRows = (action: Action): AccessRule[] =>
  (['mpc', 'pc', 'executor'] as const).map((role) => ({ action, role, relation: 'reachable', targets: ['client'] }));
const reviewerRows = (action: Action): AccessRule[] =>
  (['pc', 'executor'] as const).map((role) => ({ action, role, relation: 'reviewer', targets: ['client'] }));

/**
 * The staff who see a client as a user, firm-side: its firm's MPC, the PC or executor who created it or
 * handles a service of it. They keep its certificates and read its activity.
 */
const clientStaffRows = (action: Action): AccessRule[] => [
  { action, role: 'mpc', relation: 'firm', targets: ['client'] },
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

  // The dashboard's count of users per role: the admin counts the whole platform, the others what they see.
  { action: 'user.count', role: 'admin', relation: 'platform', targets: ['mpc', 'pc', 'executor', 'client'] },
  { action: 'user.count', role: 'mpc', relation: 'firm', targets: STAFF_TARGETS },
  { action: 'user.count', role: 'pc', relation: 'created', targets: ['executor', 'client'] },
  { action: 'user.count', role: 'pc', relation: 'assigned', targets: ['client'] },
  { action: 'user.count', role: 'executor', relation: 'created', targets: ['client'] },
  { action: 'user.count', role: 'executor', relation: 'assigned', targets: ['client'] },

  // Who adds whom: the new user joins the actor's firm, created by it.
  ...manageRows('user.create'),
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

  // Sending a password reset (or the invitation again), and removing a lost second factor: whoever is
  // in charge of the account, the admin for MPCs and an MPC for its firm. They never see the password.
  ...(['user.send_reset', 'user.reset_2fa'] as const).flatMap((action): AccessRule[] => [
    { action, role: 'admin', relation: 'platform', targets: ['mpc'] },
    { action, role: 'mpc', relation: 'firm', targets: STAFF_TARGETS },
  ]),

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
  ...reachableStaffRows('file.delete'),
  { action: 'file.delete', role: 'client', relation: 'own-upload', targets: ['client'] },
  { action: 'file.delete', role: 'client', relation: 'client-may-delete', targets: ['client'] },
  // Making an earlier version of a file its current one again: staff, wherever they open the files.
  ...reachableStaffRows('file.restore_version'),
  ...reachableStaffRows('folder.delete'),
  { action: 'folder.delete', role: 'client', relation: 'own-upload', targets: ['client'] },
  // The trash (issue 25, docs/decisions/0043): a deleted file or folder is restored, or deleted for good, by
  // the staff who may delete it (all of them, where they open the files); a client restores only what it
  // deleted itself, and sees only that in its trash. Deleting for good is the firm's: a client's deletions
  // wait out the firm's period.
  ...(['file.restore', 'file.purge'] as const).flatMap((action) => reachableStaffRows(action)),
  { action: 'file.restore', role: 'client', relation: 'own-deletion', targets: ['client'] },
  // Files and folders only the firm sees (issue 24): staff who open the files see them and choose; the
  // client never does, nor anything inside a firm-only folder (docs/decisions/0039).
  ...(['file.firm_only', 'file.visibility'] as const).flatMap((action) => reachableStaffRows(action)),

  // One's own user links (the MPC's User Link tab, the PC's and executor's Files tab).
  ...(['mpc', 'pc', 'executor'] as const).map(
    (role): AccessRule => ({ action: 'link.manage', role, relation: 'self', targets: [role] }),
  ),

  // The services catalogue.
  { action: 'service.write', role: 'admin', relation: 'platform', targets: [] },
  // Firms that signed themselves up, held until approved (`REGISTRATION_APPROVAL`): the platform's admin.
  { action: 'firm.approve', role: 'admin', relation: 'platform', targets: ['mpc'] },

  // The Activity screen: events about a user of the target roles. The admin's are the platform's (admins'
  // and MPCs' sign-ins and accounts, services, settings; never a client's files); an MPC's, every event
  // of its firm, its own included. No row lets anyone edit or delete an event.
  { action: 'audit.read', role: 'admin', relation: 'platform', targets: ['admin', 'mpc'] },
  { action: 'audit.read', role: 'mpc', relation: 'self', targets: ['mpc'] },
  { action: 'audit.read', role: 'mpc', relation: 'firm', targets: STAFF_TARGETS },
  // A client's activity on its page: the staff who see the client. Events about its files and folders
  // only for the services whose files the reader opens (`file.read`).
  ...clientStaffRows('audit.client'),
  // Where and when a client signs in, and its account's events, with the addresses every event was made
  // from: the firm's MPC, who answers for the client's data; a PC or executor needs what was done, not
  // where the client was (issue 20).
  { action: 'audit.client_account', role: 'mpc', relation: 'firm', targets: ['client'] },
  // Work items. A client reads its own (title, period, due date, status, acknowledgement), read-only.
  { action: 'work.view', role: 'client', relation: 'self', targets: ['client'] },
  ...workRows('work.view'),
  ...assigneeRows('work.view'),
  // Its reviewer sees it too, even where it does not otherwise reach the client (docs/decisions/0031).
  ...reviewerRows('work.view'),
  // Changing one (status, assignee, filing): staff who reach it, the assignee included.
  ...workRows('work.edit'),
  ...assigneeRows('work.edit'),
  // Adding a one-off item for a client's service: staff who reach that service.
  ...workRows('work.create'),
  // Moving an item on from review (verify, return for changes): the firm's MPC, and the reviewer it names.
  { action: 'work.review', role: 'mpc', relation: 'firm', targets: ['client'] },
  ...reviewerRows('work.review'),
  // Recurring non-statutory tasks of a client service (bookkeeping, MIS), on the client's page: its firm's
  // staff who reach the service see them (another firm's MPC sees the items, not the tasks); the firm's
  // MPC defines, pauses and ends them (issue 22). A client sees only the items planned from them.
  ...workRows('recurring.view').filter((rule) => rule.relation !== 'delegated'),
  { action: 'recurring.manage', role: 'mpc', relation: 'firm', targets: ['client'] },

  // Document requests of a work item: whoever sees the item sees its requests (the client its own);
  // whoever may change the item asks for documents, accepts or rejects them and cancels a request; the
  // client uploads against its own.
  { action: 'request.view', role: 'client', relation: 'self', targets: ['client'] },
  ...workRows('request.view'),
  ...assigneeRows('request.view'),
  ...workRows('request.manage'),
  ...assigneeRows('request.manage'),
  { action: 'request.upload', role: 'client', relation: 'self', targets: ['client'] },
  // A firm's own settings (how often an open request reminds its client): its MPC.
  { action: 'firm.settings', role: 'mpc', relation: 'self', targets: ['mpc'] },
  // What the firm's owner hears of (issue 22): its filings and received documents, and which it is told of.
  { action: 'firm.feed', role: 'mpc', relation: 'self', targets: ['mpc'] },

  // Checklist templates per service (docs/decisions/0030): the admin keeps the platform's, an MPC its
  // firm's own (the target is the firm, i.e. its MPC); the firm's staff read the one in force.
  { action: 'checklist.template_read', role: 'admin', relation: 'platform', targets: [] },
  { action: 'checklist.template_read', role: 'mpc', relation: 'self', targets: ['mpc'] },
  { action: 'checklist.template_read', role: 'pc', relation: 'firm', targets: ['mpc'] },
  { action: 'checklist.template_read', role: 'executor', relation: 'firm', targets: ['mpc'] },
  { action: 'checklist.template', role: 'admin', relation: 'platform', targets: [] },
  { action: 'checklist.template', role: 'mpc', relation: 'self', targets: ['mpc'] },
  // A work item's checklist, the firm's working notes: staff who see the item read it (its reviewer
  // included: the steps are what it checks), staff who may change the item tick its steps; the client
  // has no row.
  ...workRows('checklist.view'),
  ...assigneeRows('checklist.view'),
  ...reviewerRows('checklist.view'),
  ...workRows('checklist.tick'),
  ...assigneeRows('checklist.tick'),

  // The statutory calendar: everyone signed in reads it; the admin ties rules to services, edits them
  // and records extensions.
  { action: 'compliance.write', role: 'admin', relation: 'platform', targets: [] },

  // A client's digital signature certificates (the DSC register, issue 22): the staff who see the client
  // keep them (its firm's MPC, the PC or executor who created it or handles a service of it); the
  // client reads its own, custody included. Another firm's MPC handling one service does not hold its token.
  { action: 'dsc.view', role: 'client', relation: 'self', targets: ['client'] },
  ...clientStaffRows('dsc.view'),
  ...clientStaffRows('dsc.manage'),

  // Billing (issue 23): a client's fees, invoices and receipts are its firm's MPC's, and a PC's or
  // executor's of the firm only while the MPC lets that person bill (off until it does); the firm's
  // billing profile and who may bill are the MPC's alone. The admin sees no firm's billing.
  { action: 'billing.manage', role: 'mpc', relation: 'firm', targets: ['client'] },
  { action: 'billing.manage', role: 'pc', relation: 'firm-biller', targets: ['client'] },
  { action: 'billing.manage', role: 'executor', relation: 'firm-biller', targets: ['client'] },
  { action: 'billing.grant', role: 'mpc', relation: 'firm', targets: ['pc', 'executor'] },
  { action: 'billing.profile', role: 'mpc', relation: 'self', targets: ['mpc'] },
  // A client reads its own billing: its issued invoices (never a draft), receipts, credit notes, ledger.
  { action: 'billing.view_own', role: 'client', relation: 'self', targets: ['client'] },

  // The breach register (issue 25, docs/decisions/0045): the platform's is kept by its admins, a firm's by
  // its MPC. The target is the register's keeper: an admin for the platform's, the firm's MPC for the firm's.
  // See, record and update an entry, and send its notices; no row deletes one. Nobody else has a row.
  ...(['breach.view', 'breach.record', 'breach.notify'] as const).flatMap((action): AccessRule[] => [
    { action, role: 'admin', relation: 'platform', targets: ['admin'] },
    { action, role: 'mpc', relation: 'self', targets: ['mpc'] },
  ]),
  // Clients' rights requests (issue 25, docs/decisions/0042): a client asks its own firm about its personal
  // data and follows its own requests; the firm's queue is its MPC's, and a PC's only while the MPC lets it
  // handle them (off until it does). Another firm handling one service is not the client's Data Fiduciary.
  { action: 'rights.ask', role: 'client', relation: 'self', targets: ['client'] },
  ...(['rights.view', 'rights.answer'] as const).flatMap((action): AccessRule[] => [
    { action, role: 'mpc', relation: 'firm', targets: ['client'] },
    { action, role: 'pc', relation: 'firm-rights', targets: ['client'] },
  ]),
  { action: 'rights.grant', role: 'mpc', relation: 'firm', targets: ['pc'] },
  // Data protection (issue 25, docs/decisions/0041): the firm is the Data Fiduciary, its MPC writes the
  // notice, reads who accepted it and names the firm's data protection contact; the admin names the
  // platform's. The firm's PCs, executors and clients accept its notice; a client withdraws its consent.
  { action: 'privacy.manage', role: 'mpc', relation: 'self', targets: ['mpc'] },
  { action: 'privacy.platform', role: 'admin', relation: 'platform', targets: [] },
  ...(['pc', 'executor', 'client'] as const).map(
    (role): AccessRule => ({ action: 'privacy.consent', role, relation: 'self', targets: [role] }),
  ),
  { action: 'privacy.withdraw', role: 'client', relation: 'self', targets: ['client'] },

  // Retention (issue 25, docs/decisions/0046): the schedule is the platform's, kept by its admins and read
  // by the MPCs whose clients it governs; a client's legal hold and its erasure are its firm's MPC's alone
  // (erasure removes what the firm holds as the client's Data Fiduciary; a firm handling one service is not).
  { action: 'retention.view', role: 'admin', relation: 'platform', targets: [] },
  { action: 'retention.view', role: 'mpc', relation: 'self', targets: ['mpc'] },
  { action: 'retention.edit', role: 'admin', relation: 'platform', targets: [] },
  { action: 'client.hold', role: 'mpc', relation: 'firm', targets: ['client'] },
  { action: 'client.erase', role: 'mpc', relation: 'firm', targets: ['client'] },

  // Notifications are personal: each user lists and marks read its own, and nobody anyone else's.
  ...ALL_ROLES.map((role): AccessRule => ({ action: 'notification.read', role, relation: 'self', targets: [role] })),
];

// The table grouped once by role, then action: a list page asks it about a hundred times (each row's
// permissions), and filtering the whole table each time was a few percent of the page's CPU.
const RULES_BY_ROLE = new Map<RoleName, Map<Action, AccessRule[]>>();
for (const rule of ACCESS_TABLE) {
  const byAction = RULES_BY_ROLE.get(rule.role) ?? new Map<Action, AccessRule[]>();
  byAction.set(rule.action, [...(byAction.get(rule.action) ?? []), rule]);
  RULES_BY_ROLE.set(rule.role, byAction);
}
const NO_RULES: readonly AccessRule[] = [];

/** The rows that grant `action` to `role`, in the table's order. */
export function rulesFor(role: RoleName, action: Action): readonly AccessRule[] {
  return RULES_BY_ROLE.get(role)?.get(action) ?? NO_RULES;
}
