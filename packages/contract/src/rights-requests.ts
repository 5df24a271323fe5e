import { z } from 'zod';
import { blankToUndefined } from './blank-input.js';
import { cursorPageSchema } from './envelope.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { buildPageLimit, MAX_PAGE_SIZE, PAGE_SIZE } from './paging.js';
import { personRefSchema } from './person-ref.js';
import { dataProtectionContactAnswerSchema } from './privacy.js';
import { buildIdParamsSchema, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildOptionalText, buildRequiredText } from './text-fields.js';

/**
 * Clients' rights requests (issue 25, docs/decisions/0042): a client asks its firm, from its profile, for
 * a summary of its personal data (access), a correction, an erasure, or raises a grievance; withdrawing
 * consent opens one too. The firm's staff answer them from a queue with the day each is due.
 */

export const { values: RIGHTS_KINDS, labels: RIGHTS_KIND_LABELS } = defineLabelledChoices({
  access: 'Access to my data',
  correction: 'Correction',
  erasure: 'Erasure',
  grievance: 'Grievance',
  consent_withdrawal: 'Consent withdrawn',
});
export type RightsKind = (typeof RIGHTS_KINDS)[number];
export const rightsKindSchema = z.enum(RIGHTS_KINDS);
/** What a client may ask for itself; a consent withdrawal is opened by the portal when consent is withdrawn. */
export const ASKABLE_RIGHTS_KINDS = ['access', 'correction', 'erasure', 'grievance'] as const;
export type AskableRightsKind = (typeof ASKABLE_RIGHTS_KINDS)[number];
/** The kinds whose details are required: what to correct, what the grievance is about. */
export const RIGHTS_KINDS_NEEDING_DETAILS: readonly RightsKind[] = ['correction', 'grievance'];

export const { values: RIGHTS_STATUSES, labels: RIGHTS_STATUS_LABELS } = defineLabelledChoices({
  received: 'Received',
  in_progress: 'In progress',
  answered: 'Answered',
  closed: 'Refused or closed',
});
export type RightsStatus = (typeof RIGHTS_STATUSES)[number];
export const rightsStatusSchema = z.enum(RIGHTS_STATUSES);
/** Still to be acted on: what the queue shows first, and what can be overdue. */
export const OPEN_RIGHTS_STATUSES: readonly RightsStatus[] = ['received', 'in_progress'];

/**
 * DPDP Rules 2025, rule 14(3): a grievance is answered within the period the firm publishes, a reasonable
 * one not exceeding ninety days. The portal holds every grievance to that ceiling.
 */
export const GRIEVANCE_RESPONSE_DAYS = 90;
/** The firm's own period for the other kinds (`rights_response_days` in its settings): 30 unless it chose. */
export const DEFAULT_RIGHTS_RESPONSE_DAYS = 30;
export const MAX_RIGHTS_RESPONSE_DAYS = 90;
/** An access request's download works once, within this many hours of being prepared. */
export const RIGHTS_DOWNLOAD_HOURS = 24;

export const RIGHTS_DETAILS_MAX = 2000;
export const RIGHTS_ANSWER_MAX = 5000;
export const RIGHTS_REASON_MAX = 1000;

export const RIGHTS_MESSAGES = {
  asked: 'Your request was sent to your firm.',
  listed: 'Data requests fetched successfully.',
  fetched: 'Data request fetched successfully.',
  progressed: 'The request is marked in progress.',
  answered: 'The answer was sent to the client.',
  closed: 'The request is closed and the client was told why.',
  downloadPrepared: 'The download is ready for the client.',
  downloadLink: 'Your download link is ready.',
  grantFetched: 'Data request permission fetched successfully.',
  grantSaved: 'Data request permission saved.',
  notFound: 'Data request not found.',
  userNotFound: SHARED_MESSAGES.userNotFound,
  kindInvalid: 'Choose what you are asking for.',
  detailsRequired: 'Say what you are asking for.',
  detailsTooLong: `The details may not be longer than ${RIGHTS_DETAILS_MAX} characters.`,
  answerRequired: 'Write the answer to the client.',
  answerTooLong: `The answer may not be longer than ${RIGHTS_ANSWER_MAX} characters.`,
  reasonRequired: 'Say why the request is refused or closed.',
  reasonTooLong: `The reason may not be longer than ${RIGHTS_REASON_MAX} characters.`,
  grantInvalid: 'Say whether this person may handle data requests.',
  statusFilterInvalid: 'Choose open, one status or all.',
  kindFilterInvalid: 'Choose one kind of request.',
  overdueInvalid: 'Overdue is true or false.',
  cursorInvalid: SHARED_MESSAGES.cursorInvalid,
  limitInvalid: 'Limit must be a whole number of at least 1.',
  alreadyClosed: 'This request is already answered or closed.',
  notAccess: 'Only an access request has a download.',
  noDownload: 'There is no download ready for this request.',
  downloadUsed: 'This download was already used. Ask your firm to prepare a new one.',
  downloadExpired: 'This download has expired. Ask your firm to prepare a new one.',
  downloadNotFound: 'This download link is not valid.',
  responseDaysInvalid: `Choose a whole number of days from 1 to ${MAX_RIGHTS_RESPONSE_DAYS}.`,
  mayNotHandle: 'You may not handle data requests. Your firm’s MPC can allow it.',
} as const;

const M = RIGHTS_MESSAGES;

export const RIGHTS_PATHS = {
  own: '/me/rights-requests',
  queue: '/rights-requests',
  item: (id: number | string) => `/rights-requests/${id}`,
  progress: (id: number | string) => `/rights-requests/${id}/progress`,
  answer: (id: number | string) => `/rights-requests/${id}/answer`,
  close: (id: number | string) => `/rights-requests/${id}/close`,
  prepareDownload: (id: number | string) => `/rights-requests/${id}/download`,
  downloadLink: (id: number | string) => `/rights-requests/${id}/download-link`,
  download: (token: string) => `/rights-download/${token}`,
  grant: (userId: number | string) => `/users/${userId}/rights-permission`,
} as const;

export const rightsIdParamsSchema = buildIdParamsSchema(M.notFound);
export const rightsUserParamsSchema = buildIdParamsSchema(M.userNotFound);
/** A download's token in the path; anything not shaped like one is refused before a lookup. */
export const rightsTokenParamsSchema = z.object({ token: z.string().max(100) });

const optionalDetails = buildOptionalText(M.detailsTooLong, RIGHTS_DETAILS_MAX);

/** `POST /api/me/rights-requests`: what the client asks for; details say what to correct, or the grievance. */
export const rightsAskSchema = z
  .strictObject({
    kind: z.enum(ASKABLE_RIGHTS_KINDS, { error: M.kindInvalid }),
    details: optionalDetails,
  })
  .superRefine((value, context) => {
    if (RIGHTS_KINDS_NEEDING_DETAILS.includes(value.kind) && !value.details)
      context.addIssue({ code: 'custom', path: ['details'], message: M.detailsRequired });
  });
export type RightsAskInput = z.input<typeof rightsAskSchema>;
export type RightsAsk = z.output<typeof rightsAskSchema>;

/** `POST /api/rights-requests/{id}/answer`: the firm's answer, shown and mailed to the client. */
export const rightsAnswerSchema = z.strictObject({
  answer: buildRequiredText(M.answerRequired, M.answerTooLong, RIGHTS_ANSWER_MAX),
});
export type RightsAnswerInput = z.input<typeof rightsAnswerSchema>;

/** `POST /api/rights-requests/{id}/close`: refused or closed, always with the reason the client is given. */
export const rightsCloseSchema = z.strictObject({
  reason: buildRequiredText(M.reasonRequired, M.reasonTooLong, RIGHTS_REASON_MAX),
});
export type RightsCloseInput = z.input<typeof rightsCloseSchema>;

/** `PUT /api/users/{id}/rights-permission`: whether a PC of the firm may handle its data requests. */
export const rightsGrantSchema = z.strictObject({ granted: z.boolean({ error: M.grantInvalid }) });
export type RightsGrant = z.output<typeof rightsGrantSchema>;
/** `GET/PUT /api/users/{id}/rights-permission`: whether the PC may handle the firm's data requests. */
export const rightsGrantAnswerSchema = z.object({ granted: z.boolean() });

/** The queue's status filter: the open ones (received or in progress, the default), one status, or all. */
export const RIGHTS_QUEUE_STATUSES = ['open', ...RIGHTS_STATUSES, 'all'] as const;
export type RightsQueueStatus = (typeof RIGHTS_QUEUE_STATUSES)[number];

const limit = buildPageLimit(M.limitInvalid, PAGE_SIZE, MAX_PAGE_SIZE);

/**
 * `GET /api/rights-requests`: the firm's queue, a page at a time by cursor (`after`: the previous page's
 * `next`). Open requests come soonest due first; answered and closed ones latest due first.
 */
export const rightsQueueQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === '' || value === undefined ? 'open' : value),
    z.enum(RIGHTS_QUEUE_STATUSES, { error: M.statusFilterInvalid }),
  ),
  kind: z.preprocess(blankToUndefined, z.enum(RIGHTS_KINDS, { error: M.kindFilterInvalid }).optional()),
  overdue: z
    .preprocess(
      (value) => (value === '' || value === undefined ? 'false' : value),
      z.enum(['true', 'false', '1', '0'], { error: M.overdueInvalid }),
    )
    .transform((value) => value === 'true' || value === '1'),
  after: z.preprocess(blankToUndefined, z.string({ error: M.cursorInvalid }).max(40, M.cursorInvalid).optional()),
  limit,
});
export type RightsQueueQuery = z.output<typeof rightsQueueQuerySchema>;

/** `GET /api/me/rights-requests`: the client's own, newest first (`before`: the previous page's `next`). */
export const ownRightsQuerySchema = z.object({
  before: z.preprocess(blankToUndefined, rowIdSchema(M.cursorInvalid).optional()),
  limit,
});
export type OwnRightsQuery = z.output<typeof ownRightsQuerySchema>;

/** The firm's data protection contact, carried by every answer (DPDP Rules 2025, rule 9). */
export const rightsContactSchema = dataProtectionContactAnswerSchema.nullable();
export type RightsContact = z.infer<typeof rightsContactSchema>;

/** An access request's download: prepared by staff, usable once until `expires_at`. */
export const rightsDownloadSchema = z.object({
  prepared_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
  /** `ready`: the client may download it now. */
  state: z.enum(['ready', 'used', 'expired']),
});
export type RightsDownload = z.infer<typeof rightsDownloadSchema>;

export const { values: RIGHTS_HISTORY_ACTIONS, labels: RIGHTS_HISTORY_LABELS } = defineLabelledChoices({
  received: 'Received',
  in_progress: 'Marked in progress',
  answered: 'Answered',
  closed: 'Refused or closed',
  download_prepared: 'Download prepared',
  downloaded: 'Downloaded',
});
export type RightsHistoryAction = (typeof RIGHTS_HISTORY_ACTIONS)[number];
export const rightsHistoryActionSchema = z.enum(RIGHTS_HISTORY_ACTIONS);

export const rightsHistoryEntrySchema = z.object({
  id: z.number(),
  action: rightsHistoryActionSchema,
  /** The answer, or the reason, as it was given. */
  note: z.string().nullable(),
  /** Who did it: staff by name to staff; to the client, null for its firm's steps. */
  actor: personRefSchema.nullable(),
  created_at: z.string(),
});
export type RightsHistoryEntry = z.infer<typeof rightsHistoryEntrySchema>;

/** `act`: mark in progress, answer, close; `prepare_download`: an access request not closed; `download`: the client's own, ready. */
export const rightsPermissionsSchema = z.object({
  act: z.boolean(),
  prepare_download: z.boolean(),
  download: z.boolean(),
});
export type RightsPermissions = z.infer<typeof rightsPermissionsSchema>;

export const rightsRequestSummarySchema = z.object({
  id: z.number(),
  kind: rightsKindSchema,
  client: personRefSchema,
  details: z.string().nullable(),
  status: rightsStatusSchema,
  received_at: z.string(),
  /** ISO date in India's calendar: received + 90 days for a grievance, + the firm's period for the rest. */
  due_date: z.string(),
  /** Open and past its due date. */
  overdue: z.boolean(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  close_reason: z.string().nullable(),
  closed_at: z.string().nullable(),
  download: rightsDownloadSchema.nullable(),
  permissions: rightsPermissionsSchema,
});
export type RightsRequestSummary = z.infer<typeof rightsRequestSummarySchema>;

export const rightsRequestSchema = rightsRequestSummarySchema.extend({
  history: z.array(rightsHistoryEntrySchema),
  contact: rightsContactSchema,
});
export type RightsRequest = z.infer<typeof rightsRequestSchema>;

/** A page by cursor: `next` is the following page's `after` (or `before`), null on the last. */
export const rightsPageSchema = cursorPageSchema(rightsRequestSummarySchema, z.string().nullable());
export type RightsPage = z.infer<typeof rightsPageSchema>;

/** `GET /api/me/rights-requests`: the client's own, with its firm's data protection contact (rule 9). */
export const ownRightsPageSchema = rightsPageSchema.extend({ contact: rightsContactSchema });
export type OwnRightsPage = z.infer<typeof ownRightsPageSchema>;

/** `POST /api/rights-requests/{id}/download-link`: the client's one-time link, followed at once. */
export const rightsDownloadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type RightsDownloadLink = z.infer<typeof rightsDownloadLinkSchema>;
