import { ACCESS_TABLE, type Action, type Relation } from './access-table.js';

const RELATION_TEXT: Record<Relation, string> = {
  self: 'itself',
  'registering-self': 'itself, while completing its registration',
  platform: 'any on the platform',
  firm: 'of its firm',
  'firm-biller': 'of its firm, while its MPC lets it bill (per-person `billing` permission, off by default)',
  'firm-rights':
    'of its firm, while its MPC lets it handle data requests (per-person `rights` permission, off by default)',
  created: 'that it created (its firm)',
  assigned: 'assigned to it (client in PC/Executor mode)',
  delegated: 'delegated to it by another firm (client in MPC mode, that service only)',
  'own-upload': 'that it uploaded or created, where it opens the files',
  'client-may-delete': 'marked "Can Client Delete? Yes", where it opens the files',
  reachable: 'any, where it opens the files',
  'own-deletion': 'in the trash, that it deleted itself, where it opens the files',
  assignee: 'of a work item of its firm assigned to it',
  'delegated-assignee':
    "of a work item assigned to it, of a service another firm delegated to its firm's MPC (while delegated)",
  'delegated-handler':
    "delegated to its firm's MPC by another firm, while a work item of that service is assigned to it (that service only)",
  reviewer: 'of a work item it is named to review',
};

const ACTION_TEXT: Record<Action, string> = {
  'user.view': 'see a user (lists, details)',
  'user.count': 'count users per role (dashboard cards)',
  'user.create': 'add a user',
  'user.edit': "edit a user's form",
  'user.disable': 'disable a user',
  'user.enable': 'enable a disabled user',
  'user.send_reset': 'mail a user a password reset link (or its invitation again)',
  'user.reset_2fa': "remove a user's second factor (lost phone)",
  'family.manage': "add and remove a client's family members",
  'service.assign': "assign who handles a client's services",
  'file.read': "open a client service's folders and files",
  'file.upload': 'upload files and create folders there',
  'file.delete': 'delete a file there',
  'file.firm_only': 'see the files and folders there marked firm-only (the client never does)',
  'file.visibility': 'mark a file or folder there firm-only, or share it with the client again',
  'file.restore_version': 'make an earlier version of a file there its current one',
  'file.restore': 'restore a file or folder there from the trash (and see it in the trash)',
  'file.purge': 'delete a file or folder in the trash there for good',
  'folder.delete': 'delete a folder there (staff: with everything in it, to the trash; a client: an empty one)',
  'link.manage': 'keep user links',
  'service.write': 'change the services catalogue',
  'firm.approve': 'approve or reject a firm that signed itself up (`REGISTRATION_APPROVAL`)',
  'audit.read': 'see the Activity screen: events about users of the target roles',
  'audit.client': "see a client's activity on its page (file and folder events of the services it opens)",
  'audit.client_account': "see a client's sign-ins and account events there, and the addresses of its events",
  'work.view': "see a client service's work items (lists, calendar, export)",
  'work.edit': 'change a work item (status, assignee, filing)',
  'work.create': 'add a one-off work item for a client service',
  'work.review': 'move a work item on from review: verify it, or return it for changes',
  'recurring.view': "see a client service's recurring tasks (bookkeeping, MIS)",
  'recurring.manage': 'define, change, pause and end recurring tasks of a client service',
  'dsc.view': "see a client's digital signature certificates and their custody",
  'dsc.manage': "add, change, remove a client's certificates and record their custody",
  'billing.manage': "see and set a client's fees",
  'billing.grant': 'let a PC or executor of its firm bill, or stop it (the per-person `billing` permission)',
  'billing.profile': "see and set the firm's billing profile",
  'billing.view_own': 'read its own issued invoices, receipts, credit notes and ledger',
  'rights.ask':
    'ask its firm for access to, correction or erasure of its personal data, or raise a grievance; follow its own requests',
  'rights.view': "see the firm's data requests: the queue and each request",
  'rights.answer': 'act on a data request: mark it in progress, answer, refuse or close it, prepare an access download',
  'rights.grant':
    "let a PC of its firm handle the firm's data requests, or stop it (the per-person `rights` permission)",
  'request.view': "see a work item's document requests (the client's dashboard, the item's page)",
  'request.manage': 'ask for documents from a work item, accept or reject them, cancel a request',
  'request.upload': 'upload a document against a request',
  'firm.settings': "change its firm's settings (how often requests remind the client, checklists before filing)",
  'checklist.template_read': "read a service's checklist template in force (the platform's; a firm's, its own firm)",
  'checklist.template': "change a service's checklist template (the admin the platform's, an MPC its firm's)",
  'checklist.view': "see a work item's checklist (never the client: the firm's working notes)",
  'checklist.tick': "tick and untick a work item's checklist steps",
  'firm.feed': "see its firm's recent filings and received documents, and choose which it is told of",
  'compliance.write': 'edit the statutory calendar and record extensions',
  'notification.read': 'list its notifications and mark them read',
  'breach.view': "see the breach register (the platform's, or its firm's) and its entries' notices",
  'breach.record': 'record a breach in that register, update an entry, mark it reported to the Board',
  'breach.notify': "send an entry's notices to the people affected (each person once)",
  'privacy.manage':
    "publish its firm's privacy notice, see its versions and who accepted it, name the firm's data protection contact",
  'privacy.platform': "name the platform's data protection contact (shown to the staff of firms)",
  'privacy.consent': "accept its firm's current privacy notice",
  'privacy.withdraw': 'withdraw its consent to the processing of its personal data',
  'retention.view': 'read the retention schedule (how long each class of record is kept, and why)',
  'retention.edit': "change a class's period and source, and which class a service's records are in",
  'client.hold': 'put a client on legal hold and release it (nothing of it is erased while held)',
  'client.erase': "erase a client's personal data, keeping held records until their periods end",
};

/** docs/authorization.md, written from the access table (`npm run docs:authorization`). */
export function renderAuthorizationDoc(): string {
  const lines = [
    '# Authorization',
    '',
    '<!-- Generated from apps/api/src/policy/access-table.ts by `npm run docs:authorization`; a test fails',
    '     when this file and the table differ. Edit the table, not this file. -->',
    '',
    'Who may do what. A pair (actor, target) that no row grants is denied; a record outside what the',
    'actor may see answers 404, an action it may not take on a record it sees answers 403. A user still',
    'completing its registration (status `created`) may only see and complete its own record. The same',
    'rows are read in SQL once per kind of target, a user (`policy/user-reach.ts`) or a client',
    'service and the files, work and requests that hang off it (`policy/client-service-reach.ts`):',
    'every list and every lookup of one record (a list of one id, whose miss is the 404) uses that',
    'reading, as do the 403s of work and requests. `authorize` reads the rows in memory for the',
    '`permissions` of each answer and the remaining 403s, held to the SQL by a test',
    '(`test/reach-readings.test.ts`); the access tests check both against an oracle of their own.',
    '',
    'An event of the activity log stands for the user it is about (the actor itself for a sign-in, the',
    "client for its files); a sign-in failure that names no account is the platform's. Events are",
    'only ever added: no row lets anyone edit or delete one.',
    '',
    '| action | role | target | relation |',
    '|---|---|---|---|',
  ];
  for (const rule of ACCESS_TABLE) {
    const targets = rule.targets.length > 0 ? rule.targets.join(', ') : '-';
    lines.push(
      `| \`${rule.action}\`: ${ACTION_TEXT[rule.action]} | ${rule.role} | ${targets} | ${RELATION_TEXT[rule.relation]} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}
