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

/** An action's words and the screens whose filter offers it. */
type ActionLabel = readonly [label: string, audiences: readonly AuditAudience[]];

/** A run of one group's actions, in the order the filter offers them. */
function describeGroupActions<Action extends string>(
  group: AuditActionGroup,
  labels: Record<Action, ActionLabel>,
): (AuditActionInfo & { action: Action })[] {
  return (Object.entries(labels) as [Action, ActionLabel][]).map(([action, [label, audiences]]) => ({
    action,
    label,
    group,
    audiences,
  }));
}

/** Everything but sign-in and accounts, which audit-actions-auth.ts names. */
const LABELLED_ACTIONS = [
  ...describeGroupActions('People', {
    'user.create': ['Added a user', BOTH],
    'user.register': ['Registered', BOTH],
    'firm.approved': ['Approved a firm', PLATFORM],
    'firm.rejected': ['Rejected a firm', PLATFORM],
    'user.create_first_admin': ['First admin created', PLATFORM],
    'user.update': ['Edited a user', BOTH],
    'user.update_profile': ['Edited own profile', BOTH],
    'user.disable': ['Disabled a user', BOTH],
    'user.enable': ['Enabled a user', BOTH],
    'user.sensitive_read': ['Viewed sensitive details', BOTH],
    'aadhaar.read': ['Viewed an Aadhaar number in full', BOTH],
    'user.export': ['Exported a list as CSV', BOTH],
    'user.import': ['Imported clients from CSV', FIRM],
    'document.read': ["Opened a user's document", BOTH],
    'member.create': ['Added a family member', FIRM],
    'member.remove': ['Removed a family member', FIRM],
  }),
  ...describeGroupActions('Files', {
    'files.view': ["Opened a service's files", FIRM],
    'folder.view': ['Opened a folder', FIRM],
    'folder.create': ['Created a folder', FIRM],
    'folder.delete': ['Deleted a folder', FIRM],
    'file.upload': ['Uploaded a file', FIRM],
    'file.view': ['Viewed a file', FIRM],
    'file.download': ['Downloaded a file', FIRM],
    'file.delete': ['Deleted a file', FIRM],
    'file.visibility': ['Changed who sees a file', FIRM],
    'folder.visibility': ['Changed who sees a folder', FIRM],
    'folder.download_zip': ['Downloaded a folder as a ZIP', FIRM],
    'file.version_upload': ['Uploaded a new version of a file', FIRM],
    'file.version_download': ['Downloaded an earlier version of a file', FIRM],
    'file.version_restore': ['Restored an earlier version of a file', FIRM],
    'file.version_drop': ['Dropped the oldest version of a file', FIRM],
    'file.restore': ['Restored a file from the trash', FIRM],
    'folder.restore': ['Restored a folder from the trash', FIRM],
    'file.purge': ['Deleted a file for good', FIRM],
    'folder.purge': ['Deleted a folder for good', FIRM],
    'trash.purge': ['Emptied the trash of items past their period', FIRM],
  }),
  ...describeGroupActions('Assignments', {
    'assignment.type': ['Changed who handles the services', FIRM],
    'assignment.pc': ['Assigned a PC', FIRM],
    'assignment.executor': ['Assigned an executor', FIRM],
    'assignment.mpc': ["Handed a service to another firm's MPC", FIRM],
  }),
  ...describeGroupActions('Services', {
    'service.create': ['Added a service', PLATFORM],
    'service.update': ['Renamed a service', PLATFORM],
    'compliance.rule.update': ['Changed a due-date rule', PLATFORM],
    'compliance.rule.extension': ['Extended a due date', PLATFORM],
    'checklist.template.update': ["Changed a service's checklist", BOTH],
    'checklist.template.reset': ["Went back to the platform's checklist", FIRM],
  }),
  // Work items and their document requests (issue 25): every change, as the item's history has it.
  ...describeGroupActions('Work', {
    'work.create': ['Added a work item', FIRM],
    'work.status': ["Changed a work item's status", FIRM],
    'work.assignee': ['Reassigned a work item', FIRM],
    'work.due_date': ["Changed a work item's due date", FIRM],
    'work.filing': ["Recorded a work item's filing (ARN)", FIRM],
    'work.udin': ["Recorded a work item's UDIN", FIRM],
    'work.review_request': ['Sent a work item for review', FIRM],
    'work.reviewer': ["Changed a work item's reviewer", FIRM],
    'work.review_decision': ['Reviewed a work item', FIRM],
    'work.update': ['Edited a work item', FIRM],
    'work.verify': ['Verified work items', FIRM],
    'checklist.step.tick': ['Ticked a checklist step', FIRM],
    'checklist.step.untick': ['Unticked a checklist step', FIRM],
    'request.create': ['Asked a client for documents', FIRM],
    'request.remind': ['Reminded a client of a document request', FIRM],
    'request.accept': ['Accepted a requested document', FIRM],
    'request.reject': ['Rejected a requested document', FIRM],
    'request.complete': ['Closed a document request, every document in', FIRM],
    'request.cancel': ['Cancelled a document request', FIRM],
    'request.link_resend': ["Mailed a document request's link again", FIRM],
    'request.link_revoke': ["Ended a document request's link", FIRM],
  }),
  // The breach register (issue 25): the admin's platform register, each MPC's firm register.
  ...describeGroupActions('Data protection', {
    'breach.record': ['Recorded a personal data breach', BOTH],
    'breach.update': ['Updated a breach entry', BOTH],
    'breach.board_report': ['Marked a breach reported to the Data Protection Board', BOTH],
    'breach.notify': ['Sent breach notices', BOTH],
    // Retention (issue 25): the schedule (the admin), a client's legal hold and erasure (its MPC), the purge.
    'retention.class_saved': ['Changed a retention period', PLATFORM],
    'retention.service_class': ["Changed a service's retention class", PLATFORM],
    'client.hold': ['Put a client on legal hold', FIRM],
    'client.hold_release': ["Released a client's legal hold", FIRM],
    'client.erased': ["Erased a client's personal data", FIRM],
    'retention.purged': ["Purged an erased client's records whose period ended", FIRM],
  }),
  ...describeGroupActions('Privacy', {
    'privacy.notice_published': ['Published the privacy notice', FIRM],
    'privacy.notice_accepted': ['Accepted the privacy notice', FIRM],
    'privacy.consent_withdrawn': ['Withdrew consent', FIRM],
    'privacy.contact_updated': ['Changed the data protection contact', BOTH],
  }),
  ...describeGroupActions('Other', {
    'work.verify': ['Verified work items', FIRM],
    'billing.fees': ["Changed a client's fees", FIRM],
    'billing.profile': ['Changed the billing profile', FIRM],
    'billing.grant': ['Changed who may bill', FIRM],
    'invoice.create': ['Drafted an invoice', FIRM],
    'invoice.update': ['Changed a draft invoice', FIRM],
    'invoice.issue': ['Issued an invoice', FIRM],
    'invoice.cancel': ['Cancelled an invoice', FIRM],
    'invoice.credit_note': ['Issued a credit note', FIRM],
    'receipt.create': ['Recorded a receipt', FIRM],
    'receipt.apply': ["Applied a receipt's advance", FIRM],
    'receipt.cancel': ['Cancelled a receipt', FIRM],
    'invoice.irn': ["Entered an invoice's e-invoice IRN", FIRM],
    'invoice.download': ["Downloaded an invoice's PDF", FIRM],
    'billing.logo': ["Changed the billing profile's logo", FIRM],
  }),
  ...describeGroupActions('People', {
    'rights.request': ['Made a data request', FIRM],
    'rights.progress': ['Started on a data request', FIRM],
    'rights.answer': ['Answered a data request', FIRM],
    'rights.close': ['Refused or closed a data request', FIRM],
    'rights.download_prepare': ["Prepared a client's data download", FIRM],
    'rights.download': ['Downloaded their personal data', FIRM],
    'rights.grant': ['Changed who handles data requests', FIRM],
  }),
  ...describeGroupActions('Other', {
    'link.create': ['Added a user link', BOTH],
    'link.remove': ['Removed a user link', BOTH],
    'audit.export': ['Downloaded the activity log', BOTH],
  }),
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
