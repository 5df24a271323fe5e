import { z } from 'zod';
import { serviceRefFields } from './answer-field-groups.js';
import { MAX_INVOICE_REMINDER_DAYS, READY_MESSAGES } from './billing-ready.js';
import { isoDateSchema } from './compliance.js';
import { MAX_TRASH_DAYS, TRASH_DAYS_INVALID } from './file-trash.js';
import { MAX_FILE_VERSIONS_KEPT } from './files.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { pageQuerySchema } from './paging.js';
import { personRefSchema } from './person-ref.js';
import { MAX_RIGHTS_RESPONSE_DAYS, RIGHTS_MESSAGES } from './rights-requests.js';
import { buildIdParamsSchema, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';
import { buildWholeNumber } from './whole-numbers.js';

/**
 * Document requests: from a work item, staff ask the client for named documents; the client uploads
 * against each, staff accept or reject each (docs/compliance-calendar.md, "Document requests").
 */
export const { values: REQUEST_STATUSES, labels: REQUEST_STATUS_LABELS } = defineLabelledChoices({
  open: 'Open',
  complete: 'Complete',
  cancelled: 'Cancelled',
});
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const requestStatusSchema = z.enum(REQUEST_STATUSES);

/** One document of the checklist: waiting for the client, uploaded (to review), accepted or rejected. */
export const { values: REQUEST_ITEM_STATUSES, labels: REQUEST_ITEM_STATUS_LABELS } = defineLabelledChoices({
  pending: 'Waiting for upload',
  uploaded: 'Uploaded, to review',
  accepted: 'Accepted',
  rejected: 'Rejected',
});
export type RequestItemStatus = (typeof REQUEST_ITEM_STATUSES)[number];
export const requestItemStatusSchema = z.enum(REQUEST_ITEM_STATUSES);

/** The most documents one request asks for, and the longest name of one. */
export const REQUEST_MAX_ITEMS = 20;
export const REQUEST_ITEM_NAME_MAX = 200;
/** Reminders go every this many days by default; a firm's MPC may choose 1 to 30. */
export const DEFAULT_REMINDER_DAYS = 3;
export const MAX_REMINDER_DAYS = 30;
const FILE_VERSIONS_KEPT_INVALID = `Keep between 1 and ${MAX_FILE_VERSIONS_KEPT} versions of a file.`;

export const REQUEST_MESSAGES = {
  listed: 'Document requests fetched successfully.',
  fetched: 'Document request fetched successfully.',
  created: 'Documents requested. The client has been sent a message.',
  cancelled: 'Request cancelled.',
  uploaded: 'Document uploaded.',
  accepted: 'Document accepted.',
  rejected: 'Document rejected. The client has been asked for it again.',
  notFound: 'Document request not found.',
  itemNotFound: 'This document is not part of the request.',
  itemsRequired: 'Name at least one document.',
  itemsTooMany: `Ask for at most ${REQUEST_MAX_ITEMS} documents in one request.`,
  itemNameRequired: 'Name the document.',
  itemNameTooLong: `A document's name may not be longer than ${REQUEST_ITEM_NAME_MAX} characters.`,
  itemNamesRepeated: 'Each document may be named only once.',
  messageTooLong: 'The message may not be longer than 2000 characters.',
  dueDatePast: 'The date the documents are needed by may not be in the past.',
  workClosed: 'Documents can be requested only for work still to do.',
  notOpen: 'This request is no longer open.',
  alreadyAccepted: 'This document has already been accepted.',
  nothingToReview: 'Nothing has been uploaded for this document yet.',
  reviewInvalid: 'Choose accepted or rejected.',
  reasonRequired: 'Give the client a reason for rejecting the document.',
  reasonTooLong: 'The reason may not be longer than 500 characters.',
  reasonOnlyWhenRejected: 'A reason belongs to a rejected document.',
  statusFilterInvalid: 'Choose open, complete or cancelled.',
  clientInvalid: SHARED_MESSAGES.clientInvalid,
  settingsFetched: 'Firm settings fetched successfully.',
  settingsSaved: 'Firm settings saved.',
  reminderDaysInvalid: `Choose a whole number of days from 1 to ${MAX_REMINDER_DAYS}.`,
} as const;

const M = REQUEST_MESSAGES;

export const requestIdParamsSchema = buildIdParamsSchema(M.notFound);
export const requestItemParamsSchema = z.object({ id: rowIdSchema(M.notFound), item_id: rowIdSchema(M.itemNotFound) });

const itemName = buildRequiredText(M.itemNameRequired, M.itemNameTooLong, REQUEST_ITEM_NAME_MAX);

/** `POST /api/work/{id}/requests`: the checklist, a message and the date the documents are needed by. */
export const requestCreateSchema = z.strictObject({
  items: z
    .array(itemName, { error: M.itemsRequired })
    .min(1, M.itemsRequired)
    .max(REQUEST_MAX_ITEMS, M.itemsTooMany)
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, M.itemNamesRepeated),
  message: z.string({ error: M.messageTooLong }).trim().max(2000, M.messageTooLong).optional(),
  due_date: isoDateSchema(),
});
export type RequestCreateInput = z.input<typeof requestCreateSchema>;
export type RequestCreate = z.output<typeof requestCreateSchema>;

/** `PUT /api/requests/{id}/items/{item_id}`: accept, or reject with a reason the client reads. */
export const requestReviewSchema = z
  .strictObject({
    status: z.enum(['accepted', 'rejected'], { error: M.reviewInvalid }),
    reason: z.string({ error: M.reasonTooLong }).trim().max(500, M.reasonTooLong).optional(),
  })
  .superRefine((value, context) => {
    if (value.status === 'rejected' && !value.reason)
      context.addIssue({ code: 'custom', path: ['reason'], message: M.reasonRequired });
    if (value.status === 'accepted' && value.reason)
      context.addIssue({ code: 'custom', path: ['reason'], message: M.reasonOnlyWhenRejected });
  });
export type RequestReviewInput = z.input<typeof requestReviewSchema>;

/** The upload form's fields besides the file: a note, as any upload may carry. */
export const requestUploadFieldsSchema = z.strictObject({
  notes: z.string({ error: 'Notes may not be longer than 1000 characters.' }).trim().max(1000).optional(),
});

/**
 * `GET /api/requests`: open ones (the default) or those of one other status; earliest needed first;
 * `client_id` narrows them to one client's (its Work tab).
 */
export const requestListQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    (value) => (value === '' || value === undefined ? 'open' : value),
    z.enum(REQUEST_STATUSES, { error: M.statusFilterInvalid }),
  ),
  client_id: z.preprocess((value) => (value === '' ? undefined : value), rowIdSchema(M.clientInvalid).optional()),
});
export type RequestListQuery = z.output<typeof requestListQuerySchema>;

/**
 * `PUT /api/firm/settings`: how often an open request reminds the client, and whether an item moves to
 * filed or completed only once its checklist is done (docs/decisions/0030). A field left out stays as it is.
 */
export const firmSettingsSchema = z.strictObject({
  request_reminder_days: buildWholeNumber(M.reminderDaysInvalid, 1, MAX_REMINDER_DAYS).optional(),
  checklist_before_closing: z.boolean({ error: 'Choose on or off.' }).optional(),
  // Billing (issue 23, billing-ready.ts): fee-bearing work completes only once billed; overdue reminders.
  complete_only_when_billed: z.boolean({ error: READY_MESSAGES.settingInvalid }).optional(),
  invoice_reminder_days: buildWholeNumber(READY_MESSAGES.reminderDaysInvalid, 1, MAX_INVOICE_REMINDER_DAYS)
    .nullable()
    .optional(),
  // File versions (issue 24): how many a file keeps, the current one included.
  file_versions_kept: buildWholeNumber(FILE_VERSIONS_KEPT_INVALID, 1, MAX_FILE_VERSIONS_KEPT).optional(),
  // Request links (issue 24, docs/decisions/0036): mails carry a link that needs no sign-in.
  request_links_enabled: z.boolean({ error: 'Choose on or off.' }).optional(),
  // The trash (issue 25, docs/decisions/0043): days a deleted file or folder waits before it goes for good.
  trash_days: buildWholeNumber(TRASH_DAYS_INVALID, 1, MAX_TRASH_DAYS).optional(),
  // Rights requests (issue 25, docs/decisions/0042): the days the firm takes to answer all but grievances.
  rights_response_days: buildWholeNumber(RIGHTS_MESSAGES.responseDaysInvalid, 1, MAX_RIGHTS_RESPONSE_DAYS).optional(),
  // Retention (issue 25, docs/decisions/0046): the firm is a reporting entity under the PMLA.
  pmla_reporting_entity: z.boolean({ error: 'Choose on or off.' }).optional(),
});
export type FirmSettingsInput = z.output<typeof firmSettingsSchema>;
/** A firm's settings as the server answers them. */
export const firmSettingsAnswerSchema = z.object({
  request_reminder_days: z.number(),
  checklist_before_closing: z.boolean(),
  complete_only_when_billed: z.boolean(),
  /** Null: overdue invoices remind nobody (the default). */
  invoice_reminder_days: z.number().nullable(),
  /** How many versions a file keeps, the current one included (10 unless the MPC chose). */
  file_versions_kept: z.number(),
  /** Request mails carry a link that opens the request without a sign-in (on by default). */
  request_links_enabled: z.boolean(),
  /** Days a deleted file or folder stays in the trash (30 unless the MPC chose). */
  trash_days: z.number(),
  /** Days the firm takes to answer a rights request other than a grievance (30 unless the MPC chose). */
  rights_response_days: z.number(),
  /** The firm keeps client due diligence under the PMLA: an erased client's name and PAN stay five years (off by default). */
  pmla_reporting_entity: z.boolean(),
});
export type FirmSettings = z.infer<typeof firmSettingsAnswerSchema>;

/** A file uploaded against one document; the link is signed for the reader, absent when it may not open it. */
/** What staff read of a request's link: whether one works, and until when (never the token). */
export const requestLinkStateSchema = z.object({ expires_at: z.string(), created_at: z.string() }).nullable();

export const requestFileSchema = z.object({
  file_id: z.number(),
  file_name: z.string(),
  size: z.number(),
  uploaded_at: z.string(),
  uploaded_by: personRefSchema.nullable(),
  download_url: z.string().nullable(),
});
export type RequestFile = z.infer<typeof requestFileSchema>;

export const requestItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: requestItemStatusSchema,
  /** Why it was rejected (kept until it is accepted). */
  reason: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: personRefSchema.nullable(),
  files: z.array(requestFileSchema),
});
export type RequestItem = z.infer<typeof requestItemSchema>;

/**
 * `manage`: review its documents and cancel it; `upload`: upload against its documents; `send_link`:
 * send the client a new link (or revoke it): manage, with the firm's links on.
 */
export const requestPermissionsSchema = z.object({ manage: z.boolean(), upload: z.boolean(), send_link: z.boolean() });

export const documentRequestSchema = z.object({
  id: z.number(),
  work_item: z.object({
    id: z.number(),
    title: z.string(),
    period_label: z.string().nullable(),
    ...serviceRefFields,
  }),
  client: personRefSchema,
  message: z.string().nullable(),
  due_date: z.string(),
  overdue: z.boolean(),
  status: requestStatusSchema,
  items: z.array(requestItemSchema),
  created_by: personRefSchema.nullable(),
  created_at: z.string(),
  closed_at: z.string().nullable(),
  /** Reminders mailed so far (not counting the first message). */
  reminders_sent: z.number(),
  /** The live link that opens it without a sign-in (request-links.ts), for those who manage it; else null. */
  link: requestLinkStateSchema,
  permissions: requestPermissionsSchema,
});
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

export const REQUEST_PATHS = {
  list: '/requests',
  ofWork: (workId: number | string) => `/work/${workId}/requests`,
  item: (requestId: number | string) => `/requests/${requestId}`,
  cancel: (requestId: number | string) => `/requests/${requestId}/cancel`,
  review: (requestId: number | string, itemId: number | string) => `/requests/${requestId}/items/${itemId}`,
  upload: (requestId: number | string, itemId: number | string) => `/requests/${requestId}/items/${itemId}/upload`,
  firmSettings: '/firm/settings',
} as const;
