import { AUTH_AUDIT_ACTION_LIST, AUTH_AUDIT_LABELS, type AuthAuditAction } from './audit-actions-auth.js';

/**
 * Every action the activity log records, with the words the Activity screen and the CSV show for it.
 * The API writes these names; a name written by a newer server that this list does not know yet is
 * shown as it is (`labelOfAuditAction`), never hidden.
 */

/** Which Activity screens an action can appear on: the admin's (platform) or an MPC's (firm). */
export type AuditAudience = 'platform' | 'firm';

export type AuditActionGroup =
  | 'Sign-in'
  | 'People'
  | 'Files'
  | 'Assignments'
  | 'Services'
  | 'Work'
  | 'Data protection'
  | 'Privacy'
  | 'Other';

export type AuditActionInfo = {
  action: string;
  label: string;
  group: AuditActionGroup;
  /** The screens whose scope can hold it (the filter offers only these). */
  audiences: readonly AuditAudience[];
};

const BOTH: readonly AuditAudience[] = ['platform', 'firm'];
const FIRM: readonly AuditAudience[] = ['firm'];
const PLATFORM: readonly AuditAudience[] = ['platform'];

/** Everything but sign-in and accounts, which audit-actions-auth.ts names. */
const LABELLED_ACTIONS = [
  { action: 'user.create', label: 'Added a user', group: 'People', audiences: BOTH },
  { action: 'user.register', label: 'Registered', group: 'People', audiences: BOTH },
  { action: 'firm.approved', label: 'Approved a firm', group: 'People', audiences: PLATFORM },
  { action: 'firm.rejected', label: 'Rejected a firm', group: 'People', audiences: PLATFORM },
  { action: 'user.create_first_admin', label: 'First admin created', group: 'People', audiences: PLATFORM },
  { action: 'user.update', label: 'Edited a user', group: 'People', audiences: BOTH },
  { action: 'user.update_profile', label: 'Edited own profile', group: 'People', audiences: BOTH },
  { action: 'user.disable', label: 'Disabled a user', group: 'People', audiences: BOTH },
  { action: 'user.enable', label: 'Enabled a user', group: 'People', audiences: BOTH },
  { action: 'user.sensitive_read', label: 'Viewed sensitive details', group: 'People', audiences: BOTH },
  { action: 'aadhaar.read', label: 'Viewed an Aadhaar number in full', group: 'People', audiences: BOTH },
  { action: 'user.export', label: 'Exported a list as CSV', group: 'People', audiences: BOTH },
  { action: 'user.import', label: 'Imported clients from CSV', group: 'People', audiences: FIRM },
  { action: 'document.read', label: "Opened a user's document", group: 'People', audiences: BOTH },
  { action: 'member.create', label: 'Added a family member', group: 'People', audiences: FIRM },
  { action: 'member.remove', label: 'Removed a family member', group: 'People', audiences: FIRM },

  { action: 'files.view', label: "Opened a service's files", group: 'Files', audiences: FIRM },
  { action: 'folder.view', label: 'Opened a folder', group: 'Files', audiences: FIRM },
  { action: 'folder.create', label: 'Created a folder', group: 'Files', audiences: FIRM },
  { action: 'folder.delete', label: 'Deleted a folder', group: 'Files', audiences: FIRM },
  { action: 'file.upload', label: 'Uploaded a file', group: 'Files', audiences: FIRM },
  { action: 'file.view', label: 'Viewed a file', group: 'Files', audiences: FIRM },
  { action: 'file.download', label: 'Downloaded a file', group: 'Files', audiences: FIRM },
  { action: 'file.delete', label: 'Deleted a file', group: 'Files', audiences: FIRM },
  { action: 'file.visibility', label: 'Changed who sees a file', group: 'Files', audiences: FIRM },
  { action: 'folder.visibility', label: 'Changed who sees a folder', group: 'Files', audiences: FIRM },
  { action: 'folder.download_zip', label: 'Downloaded a folder as a ZIP', group: 'Files', audiences: FIRM },
  { action: 'file.version_upload', label: 'Uploaded a new version of a file', group: 'Files', audiences: FIRM },
  {
    action: 'file.version_download',
    label: 'Downloaded an earlier version of a file',
    group: 'Files',
    audiences: FIRM,
  },
  { action: 'file.version_restore', label: 'Restored an earlier version of a file', group: 'Files', audiences: FIRM },
  { action: 'file.version_drop', label: 'Dropped the oldest version of a file', group: 'Files', audiences: FIRM },
  { action: 'file.restore', label: 'Restored a file from the trash', group: 'Files', audiences: FIRM },
  { action: 'folder.restore', label: 'Restored a folder from the trash', group: 'Files', audiences: FIRM },
  { action: 'file.purge', label: 'Deleted a file for good', group: 'Files', audiences: FIRM },
  { action: 'folder.purge', label: 'Deleted a folder for good', group: 'Files', audiences: FIRM },
  {
    action: 'trash.purge',
    label: 'Emptied the trash of items past their period',
    group: 'Files',
    audiences: FIRM,
  },

  { action: 'assignment.type', label: 'Changed who handles the services', group: 'Assignments', audiences: FIRM },
  { action: 'assignment.pc', label: 'Assigned a PC', group: 'Assignments', audiences: FIRM },
  { action: 'assignment.executor', label: 'Assigned an executor', group: 'Assignments', audiences: FIRM },
  { action: 'assignment.mpc', label: "Handed a service to another firm's MPC", group: 'Assignments', audiences: FIRM },

  { action: 'service.create', label: 'Added a service', group: 'Services', audiences: PLATFORM },
  { action: 'service.update', label: 'Renamed a service', group: 'Services', audiences: PLATFORM },
  { action: 'compliance.rule.update', label: 'Changed a due-date rule', group: 'Services', audiences: PLATFORM },
  { action: 'compliance.rule.extension', label: 'Extended a due date', group: 'Services', audiences: PLATFORM },

  { action: 'checklist.template.update', label: "Changed a service's checklist", group: 'Services', audiences: BOTH },
  {
    action: 'checklist.template.reset',
    label: "Went back to the platform's checklist",
    group: 'Services',
    audiences: FIRM,
  },
  // Work items and their document requests (issue 25): every change, as the item's history has it.
  { action: 'work.create', label: 'Added a work item', group: 'Work', audiences: FIRM },
  { action: 'work.status', label: "Changed a work item's status", group: 'Work', audiences: FIRM },
  { action: 'work.assignee', label: 'Reassigned a work item', group: 'Work', audiences: FIRM },
  { action: 'work.due_date', label: "Changed a work item's due date", group: 'Work', audiences: FIRM },
  { action: 'work.filing', label: "Recorded a work item's filing (ARN)", group: 'Work', audiences: FIRM },
  { action: 'work.udin', label: "Recorded a work item's UDIN", group: 'Work', audiences: FIRM },
  { action: 'work.review_request', label: 'Sent a work item for review', group: 'Work', audiences: FIRM },
  { action: 'work.reviewer', label: "Changed a work item's reviewer", group: 'Work', audiences: FIRM },
  { action: 'work.review_decision', label: 'Reviewed a work item', group: 'Work', audiences: FIRM },
  { action: 'work.update', label: 'Edited a work item', group: 'Work', audiences: FIRM },
  { action: 'work.verify', label: 'Verified work items', group: 'Work', audiences: FIRM },
  { action: 'checklist.step.tick', label: 'Ticked a checklist step', group: 'Work', audiences: FIRM },
  { action: 'checklist.step.untick', label: 'Unticked a checklist step', group: 'Work', audiences: FIRM },
  { action: 'request.create', label: 'Asked a client for documents', group: 'Work', audiences: FIRM },
  { action: 'request.remind', label: 'Reminded a client of a document request', group: 'Work', audiences: FIRM },
  { action: 'request.accept', label: 'Accepted a requested document', group: 'Work', audiences: FIRM },
  { action: 'request.reject', label: 'Rejected a requested document', group: 'Work', audiences: FIRM },
  { action: 'request.complete', label: 'Closed a document request, every document in', group: 'Work', audiences: FIRM },
  { action: 'request.cancel', label: 'Cancelled a document request', group: 'Work', audiences: FIRM },
  { action: 'request.link_resend', label: "Mailed a document request's link again", group: 'Work', audiences: FIRM },
  { action: 'request.link_revoke', label: "Ended a document request's link", group: 'Work', audiences: FIRM },

  // The breach register (issue 25): the admin's platform register, each MPC's firm register.
  { action: 'breach.record', label: 'Recorded a personal data breach', group: 'Data protection', audiences: BOTH },
  { action: 'breach.update', label: 'Updated a breach entry', group: 'Data protection', audiences: BOTH },
  {
    action: 'breach.board_report',
    label: 'Marked a breach reported to the Data Protection Board',
    group: 'Data protection',
    audiences: BOTH,
  },
  { action: 'breach.notify', label: 'Sent breach notices', group: 'Data protection', audiences: BOTH },
  // Retention (issue 25): the schedule (the admin), a client's legal hold and erasure (its MPC), the purge.
  {
    action: 'retention.class_saved',
    label: 'Changed a retention period',
    group: 'Data protection',
    audiences: PLATFORM,
  },
  {
    action: 'retention.service_class',
    label: "Changed a service's retention class",
    group: 'Data protection',
    audiences: PLATFORM,
  },
  { action: 'client.hold', label: 'Put a client on legal hold', group: 'Data protection', audiences: FIRM },
  { action: 'client.hold_release', label: "Released a client's legal hold", group: 'Data protection', audiences: FIRM },
  {
    action: 'client.erased',
    label: "Erased a client's personal data",
    group: 'Data protection',
    audiences: FIRM,
  },
  {
    action: 'retention.purged',
    label: "Purged an erased client's records whose period ended",
    group: 'Data protection',
    audiences: FIRM,
  },

  { action: 'privacy.notice_published', label: 'Published the privacy notice', group: 'Privacy', audiences: FIRM },
  { action: 'privacy.notice_accepted', label: 'Accepted the privacy notice', group: 'Privacy', audiences: FIRM },
  { action: 'privacy.consent_withdrawn', label: 'Withdrew consent', group: 'Privacy', audiences: FIRM },
  {
    action: 'privacy.contact_updated',
    label: 'Changed the data protection contact',
    group: 'Privacy',
    audiences: BOTH,
  },

  { action: 'work.verify', label: 'Verified work items', group: 'Other', audiences: FIRM },
  { action: 'billing.fees', label: "Changed a client's fees", group: 'Other', audiences: FIRM },
  { action: 'billing.profile', label: 'Changed the billing profile', group: 'Other', audiences: FIRM },
  { action: 'billing.grant', label: 'Changed who may bill', group: 'Other', audiences: FIRM },
  { action: 'invoice.create', label: 'Drafted an invoice', group: 'Other', audiences: FIRM },
  { action: 'invoice.update', label: 'Changed a draft invoice', group: 'Other', audiences: FIRM },
  { action: 'invoice.issue', label: 'Issued an invoice', group: 'Other', audiences: FIRM },
  { action: 'invoice.cancel', label: 'Cancelled an invoice', group: 'Other', audiences: FIRM },
  { action: 'invoice.credit_note', label: 'Issued a credit note', group: 'Other', audiences: FIRM },
  { action: 'receipt.create', label: 'Recorded a receipt', group: 'Other', audiences: FIRM },
  { action: 'receipt.apply', label: "Applied a receipt's advance", group: 'Other', audiences: FIRM },
  { action: 'receipt.cancel', label: 'Cancelled a receipt', group: 'Other', audiences: FIRM },
  { action: 'invoice.irn', label: "Entered an invoice's e-invoice IRN", group: 'Other', audiences: FIRM },
  { action: 'invoice.download', label: "Downloaded an invoice's PDF", group: 'Other', audiences: FIRM },
  { action: 'billing.logo', label: "Changed the billing profile's logo", group: 'Other', audiences: FIRM },
  { action: 'rights.request', label: 'Made a data request', group: 'People', audiences: FIRM },
  { action: 'rights.progress', label: 'Started on a data request', group: 'People', audiences: FIRM },
  { action: 'rights.answer', label: 'Answered a data request', group: 'People', audiences: FIRM },
  { action: 'rights.close', label: 'Refused or closed a data request', group: 'People', audiences: FIRM },
  {
    action: 'rights.download_prepare',
    label: "Prepared a client's data download",
    group: 'People',
    audiences: FIRM,
  },
  { action: 'rights.download', label: 'Downloaded their personal data', group: 'People', audiences: FIRM },
  { action: 'rights.grant', label: 'Changed who handles data requests', group: 'People', audiences: FIRM },
  { action: 'link.create', label: 'Added a user link', group: 'Other', audiences: BOTH },
  { action: 'link.remove', label: 'Removed a user link', group: 'Other', audiences: BOTH },
  { action: 'audit.export', label: 'Downloaded the activity log', group: 'Other', audiences: BOTH },
] as const satisfies readonly AuditActionInfo[];

/**
 * Every action the API may record: one without a label here fails `tsc` where it is recorded
 * (`recordAudit` in the API takes this type).
 */
export type AuditAction = AuthAuditAction | (typeof LABELLED_ACTIONS)[number]['action'];

export const AUDIT_ACTIONS: readonly AuditActionInfo[] = [
  // Sign-in and accounts: named by the accounts work (audit-actions-auth.ts).
  ...AUTH_AUDIT_ACTION_LIST.map(
    (action): AuditActionInfo => ({ action, label: AUTH_AUDIT_LABELS[action], group: 'Sign-in', audiences: BOTH }),
  ),
  // The names sign-ins had before that work renamed them (its migration 0017 renames stored rows too):
  // still labelled, no longer offered as a filter, never recorded again.
  { action: 'auth.login', label: 'Signed in', group: 'Sign-in', audiences: [] },
  { action: 'auth.login_failed', label: 'Sign-in failed', group: 'Sign-in', audiences: [] },
  { action: 'auth.logout', label: 'Signed out', group: 'Sign-in', audiences: [] },
  ...LABELLED_ACTIONS,
];

const LABELS = new Map(AUDIT_ACTIONS.map((entry) => [entry.action, entry.label]));

/** The words for an action; an action this list does not know is shown by its name. */
export function labelOfAuditAction(action: string): string {
  return LABELS.get(action) ?? action;
}

/** The actions one screen's filter offers, in the order above. */
export function listAuditActionsFor(audience: AuditAudience): AuditActionInfo[] {
  return AUDIT_ACTIONS.filter((entry) => entry.audiences.includes(audience));
}
