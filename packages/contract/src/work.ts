import { z } from 'zod';
import { clientRefFields, recordTimesFields, serviceRefFields } from './answer-field-groups.js';
import { emptyToUndefined } from './blank-input.js';
import { isoDateSchema, periodKeySchema } from './compliance.js';
import { pagedSchema } from './envelope.js';
import { buildKeysetCursor, pageQuerySchema } from './paging.js';
import { requireSomeField } from './partial-updates.js';
import { personRefSchema } from './person-ref.js';
import { documentRequestSchema } from './requests.js';
import { buildIdParamsSchema, jsonRowIdSchema, MAX_ROW_ID, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';
import { udinUpdateFields } from './udin.js';

/** Work items: one filing or task for one client, service and period (docs/compliance-calendar.md). */
export const WORK_STATUSES = [
  'not_started',
  'awaiting_documents',
  'in_progress',
  'under_review',
  'verified',
  'filed',
  'completed',
  'cancelled',
] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];
export const workStatusSchema = z.enum(WORK_STATUSES);

/** Statuses of work still to do: these can be overdue. */
export const OPEN_WORK_STATUSES = [
  'not_started',
  'awaiting_documents',
  'in_progress',
  'under_review',
  'verified',
] as const;
export const isOpenStatus = (status: WorkStatus) => (OPEN_WORK_STATUSES as readonly string[]).includes(status);

export const WORK_STATUS_LABELS: Record<WorkStatus, string> = {
  not_started: 'Not started',
  awaiting_documents: 'Awaiting documents',
  in_progress: 'In progress',
  under_review: 'Under review',
  verified: 'Verified, ready to file',
  filed: 'Filed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const WORK_MESSAGES = {
  listed: 'Work items fetched successfully.',
  fetched: 'Work item fetched successfully.',
  created: 'Work item added.',
  saved: 'Work item saved.',
  changedMeanwhile: 'This item was changed meanwhile. Open it again.',
  summary: 'Work summary fetched successfully.',
  assignees: 'Assignees fetched successfully.',
  notFound: 'Work item not found.',
  clientInvalid: SHARED_MESSAGES.clientInvalid,
  clientNotFound: 'Select a client you handle.',
  serviceInvalid: SHARED_MESSAGES.serviceInvalid,
  serviceNotOfClient: "This service is not one of the client's services.",
  titleRequired: SHARED_MESSAGES.titleRequired,
  titleTooLong: 'The title may not be longer than 200 characters.',
  statusInvalid: 'Choose a valid status.',
  statusFilterInvalid: 'Choose valid statuses, or open.',
  assigneeInvalid: SHARED_MESSAGES.assigneeInvalid,
  ackRequired: 'Enter the acknowledgement or ARN number to mark this filed.',
  ackInvalid: 'The acknowledgement number may hold letters, digits, / and - (at most 50).',
  filedOnFuture: 'The filing date may not be in the future.',
  filedOnOnlyWhenFiled: 'A filing date and acknowledgement belong to a filed item.',
  notesTooLong: 'Notes may not be longer than 2000 characters.',
  dueDateOfRule: 'A statutory item is due when its rule says; the admin records extensions.',
  titleOfRule: 'A statutory item keeps the title of its rule and period.',
  eventDateNotEvent: 'Only an item counted from an event (the AGM) takes an event date.',
  nothingToChange: SHARED_MESSAGES.nothingToChange,
  overdueInvalid: 'overdue must be 1 or 0.',
  sortInvalid: 'Work can be sorted by due_date.',
  orderInvalid: SHARED_MESSAGES.orderInvalid,
  idInvalid: SHARED_MESSAGES.idInvalid,
  searchTooLong: 'Search may not be longer than 100 characters.',
  verified: 'Work items verified.',
  reviewers: 'Reviewers fetched successfully.',
  reviewerRequired: 'Choose a reviewer to send this item to review.',
  reviewerInvalid: 'Choose a reviewer of the firm who may see this item.',
  reviewerIsAssignee: 'The reviewer must be someone other than the person doing the work.',
  reviewNoteTooLong: 'The review note may not be longer than 2000 characters.',
  onlyReviewer: 'Only the reviewer or the MPC can move this item on from review.',
  reviewerOwnFirm: 'Only the firm that owns this work names its reviewer.',
  notUnderReview: 'Only an item under review can be verified.',
  verifyIdsInvalid: 'ids must be a list of 1 to 100 work item ids.',
  cursorInvalid: SHARED_MESSAGES.cursorInvalid,
} as const;

const M = WORK_MESSAGES;

export const workIdParamsSchema = buildIdParamsSchema(M.notFound);

/** `status` of a list: one status, several separated by commas, or `open` (every status still to do). */
const statusFilter = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== ''
      ? value
          .split(',')
          .map((part) => part.trim())
          .flatMap((part) => (part === 'open' ? [...OPEN_WORK_STATUSES] : [part]))
      : undefined,
  z.array(z.enum(WORK_STATUSES, { error: M.statusFilterInvalid }), { error: M.statusFilterInvalid }).optional(),
);

/** A row of a work list as a keyset cursor: `<due date>_<id>`. */
const WORK_CURSOR = /^(\d{4}-\d{2}-\d{2})_(\d{1,15})$/;
const workCursor = z.preprocess(
  emptyToUndefined,
  // An id past the integer column's range would fail PostgreSQL's comparison (a 500), not find nothing.
  buildKeysetCursor(WORK_CURSOR, M.cursorInvalid, (dueDate, id) => ({ dueDate, id })).refine(
    (cursor) => cursor === undefined || cursor.id <= MAX_ROW_ID,
    M.cursorInvalid,
  ),
);
/** The cursor of a shown row: the `after` of the next page when it is the last row, the `before` of the previous when the first. */
export const workCursorOf = (item: { due_date: string; id: number }) => `${item.due_date}_${item.id}`;

/**
 * `GET /api/work` and `GET /api/work/export`: the same filters, so an export is what the list shows. A
 * page is asked by number; moving to the next or previous one, the screen sends the row it leaves from
 * (`after` the last shown, `before` the first), read from the index however deep, and `page` still numbers it.
 */
export const workListQuerySchema = pageQuerySchema.extend({
  status: statusFilter,
  service_id: z.preprocess(emptyToUndefined, rowIdSchema(M.serviceInvalid).optional()),
  client_id: z.preprocess(emptyToUndefined, rowIdSchema(M.clientInvalid).optional()),
  /** A person's id, or `none`: the items nobody is assigned. */
  assignee_id: z.preprocess(
    emptyToUndefined,
    z.union([z.literal('none'), rowIdSchema(M.assigneeInvalid)], { error: M.assigneeInvalid }).optional(),
  ),
  due_from: z.preprocess(emptyToUndefined, isoDateSchema().optional()),
  due_to: z.preprocess(emptyToUndefined, isoDateSchema().optional()),
  overdue: z.preprocess(
    emptyToUndefined,
    z
      .enum(['1', '0'], { error: M.overdueInvalid })
      .transform((value) => value === '1')
      .optional(),
  ),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100, M.searchTooLong).optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(['due_date'], { error: M.sortInvalid }).optional()),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc'], { error: M.orderInvalid }).optional()),
  after: workCursor,
  before: workCursor,
});
export type WorkListQuery = z.output<typeof workListQuerySchema>;
export type WorkListFilters = Omit<WorkListQuery, 'page' | 'limit' | 'after' | 'before'>;

const title = buildRequiredText(M.titleRequired, M.titleTooLong, 200);
const notes = z.string({ error: M.notesTooLong }).trim().max(2000, M.notesTooLong);
const assignee = z.union([jsonRowIdSchema(M.assigneeInvalid), z.null()], { error: M.assigneeInvalid });

/** `POST /api/work`: a one-off item for one service of a client. */
export const workCreateSchema = z.strictObject({
  client_id: jsonRowIdSchema(M.clientInvalid),
  service_id: jsonRowIdSchema(M.serviceInvalid),
  title,
  due_date: isoDateSchema(),
  period: z.union([periodKeySchema, z.null()]).optional(),
  assignee_id: assignee.optional(),
  notes: notes.optional(),
});
export type WorkCreateInput = z.input<typeof workCreateSchema>;

const reviewNote = z.union([z.string({ error: M.reviewNoteTooLong }).trim().max(2000, M.reviewNoteTooLong), z.null()], {
  error: M.reviewNoteTooLong,
});

/** Letters, digits, `/` and `-`: GST ARNs, ITR acknowledgement numbers, TDS tokens, MCA SRNs. */
const ACK_PATTERN = /^[A-Z0-9/-]{1,50}$/;

/** `PUT /api/work/{id}`: any of these; a move to `filed` needs the acknowledgement number. */
export const workUpdateSchema = requireSomeField(
  z.strictObject({
    status: z.enum(WORK_STATUSES, { error: M.statusInvalid }).optional(),
    assignee_id: assignee.optional(),
    title: title.optional(),
    due_date: isoDateSchema().optional(),
    event_date: z.union([isoDateSchema(), z.null()]).optional(),
    filed_on: z.union([isoDateSchema(), z.null()]).optional(),
    ack_number: z
      .union([
        z
          .string({ error: M.ackInvalid })
          .trim()
          .toUpperCase()
          .transform((value) => (value === '' ? null : value))
          .refine((value) => value === null || ACK_PATTERN.test(value), M.ackInvalid),
        z.null(),
      ])
      .optional(),
    notes: z.union([notes, z.null()]).optional(),
    /** Who checks the item once it is under review (maker-checker, docs/decisions/0031). */
    reviewer_id: assignee.optional(),
    /** The reviewer's note when it verifies or returns the item (kept in the history). */
    review_note: reviewNote.optional(),
    // The UDIN register (issue 22): the signed document's UDIN and its signing date.
    ...udinUpdateFields,
  }),
  M.nothingToChange,
);
export type WorkUpdateInput = z.input<typeof workUpdateSchema>;
export type WorkUpdate = z.output<typeof workUpdateSchema>;

/** `POST /api/work/verify`: several items under review verified together, all or none. */
export const workVerifySchema = z.strictObject({
  ids: z
    .array(jsonRowIdSchema(M.verifyIdsInvalid), { error: M.verifyIdsInvalid })
    .min(1, M.verifyIdsInvalid)
    .max(100, M.verifyIdsInvalid),
  note: reviewNote.optional(),
});
export type WorkVerifyInput = z.input<typeof workVerifySchema>;
export const workVerifyAnswerSchema = z.object({ verified: z.array(z.number()) });
export type WorkVerifyAnswer = z.infer<typeof workVerifyAnswerSchema>;

/** `edit`: change the item; `files`: open the files of its client service; `review`: move it on from review. */
export const workPermissionsSchema = z.object({ edit: z.boolean(), files: z.boolean(), review: z.boolean() });
export type WorkPermissions = z.infer<typeof workPermissionsSchema>;

/** What anyone who sees the item reads, the client included (its own items, read-only). */
export const workItemSummarySchema = z.object({
  id: z.number(),
  ...clientRefFields,
  ...serviceRefFields,
  title: z.string(),
  period: z.string().nullable(),
  period_label: z.string().nullable(),
  due_date: z.string(),
  status: workStatusSchema,
  overdue: z.boolean(),
  filed_on: z.string().nullable(),
  ack_number: z.string().nullable(),
  permissions: workPermissionsSchema,
});
export type WorkItemSummary = z.infer<typeof workItemSummarySchema>;

/** What staff read besides. */
export const workItemSchema = workItemSummarySchema.extend({
  udin: z.string().nullable(),
  signed_on: z.string().nullable(),
  rule_id: z.number().nullable(),
  event_name: z.string().nullable(),
  event_date: z.string().nullable(),
  assignee: personRefSchema.nullable(),
  notes: z.string().nullable(),
  /** Maker-checker: who checks it under review, who verified it, when, and the last review note. */
  reviewer: personRefSchema.nullable(),
  verified_by: personRefSchema.nullable(),
  verified_at: z.string().nullable(),
  review_note: z.string().nullable(),
  created_by: personRefSchema.nullable(),
  ...recordTimesFields,
});
export type WorkItem = z.infer<typeof workItemSchema>;

/**
 * A page of `GET /api/work`. A search counts its matches up to 1,000: `total_capped` says more match
 * than `total`, and the pages reach the first 1,000 of them (docs/decisions/0058-work-search-capped-count.md).
 */
export const workPageSchema = pagedSchema(z.union([workItemSchema, workItemSummarySchema])).extend({
  total_capped: z.boolean(),
});
export type WorkPage = z.infer<typeof workPageSchema>;

/** One change of one field: who, when, from, to (ids and the names or labels they stand for). */
export const workHistoryEntrySchema = z.object({
  id: z.number(),
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  from_label: z.string().nullable(),
  to_label: z.string().nullable(),
  actor: personRefSchema.nullable(),
  at: z.string(),
});
export type WorkHistoryEntry = z.infer<typeof workHistoryEntrySchema>;

/**
 * The item's page reads besides: its document requests (newest first) and whether the caller may ask
 * for more (`create`: open work it may change).
 */
export const workItemRequestsSchema = z.object({
  requests: z.array(documentRequestSchema),
  request_permissions: z.object({ create: z.boolean() }),
  /** The folder named after the item's period ("Apr 2026") at the top of its service, when it exists and the caller may open files. */
  period_folder_id: z.number().nullable(),
});
export type WorkItemRequests = z.infer<typeof workItemRequestsSchema>;
export const workItemDetailSchema = workItemSchema
  .extend({ history: z.array(workHistoryEntrySchema) })
  .extend(workItemRequestsSchema.shape);
export type WorkItemDetail = z.infer<typeof workItemDetailSchema>;
/** `GET /api/work/{id}`: staff read the whole item and its history, a client the summary; both its requests. */
export const workItemAnswerSchema = z.union([
  workItemDetailSchema,
  workItemSummarySchema.extend(workItemRequestsSchema.shape),
]);
export type WorkItemAnswer = z.infer<typeof workItemAnswerSchema>;
export const isStaffWorkItem = (item: WorkItemSummary): item is WorkItemDetail => 'history' in item;

export const workSummarySchema = z.object({
  today: z.string(),
  overdue: z.number(),
  due_this_week: z.number(),
  /** Items due this calendar month, by status. */
  by_status: z.array(z.object({ status: workStatusSchema, count: z.number() })),
  /** Open items by assignee (null: nobody yet). */
  by_assignee: z.array(z.object({ assignee: personRefSchema.nullable(), open: z.number(), overdue: z.number() })),
});
export type WorkSummary = z.infer<typeof workSummarySchema>;

export const workAssigneeSchema = personRefSchema.extend({ role: z.enum(['mpc', 'pc', 'executor']) });
export type WorkAssignee = z.infer<typeof workAssigneeSchema>;

export const calendarItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  client_name: z.string(),
  status: workStatusSchema,
  overdue: z.boolean(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;
export const calendarDaySchema = z.object({
  date: z.string(),
  total: z.number(),
  open: z.number(),
  overdue: z.number(),
  items: z.array(calendarItemSchema),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const workCalendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  days: z.array(calendarDaySchema),
});
export type WorkCalendar = z.infer<typeof workCalendarSchema>;

/** Items a calendar day lists by name; the rest are counted and found through the list. */
export const CALENDAR_ITEMS_PER_DAY = 5;

export const WORK_PATHS = {
  list: '/work',
  item: (workId: number | string) => `/work/${workId}`,
  export: '/work/export',
  summary: '/work/summary',
  assignees: '/work/assignees',
  verify: '/work/verify',
  reviewers: (workId: number | string) => `/work/${workId}/reviewers`,
  itemAssignees: (workId: number | string) => `/work/${workId}/assignees`,
} as const;
