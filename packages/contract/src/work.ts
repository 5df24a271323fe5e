import { z } from 'zod';
import { isoDateSchema, periodKeySchema } from './compliance.js';
import { pageQuerySchema } from './paging.js';
import type { PersonRef } from './person-ref.js';
import type { DocumentRequest } from './requests.js';
import { jsonRowIdSchema, rowIdSchema } from './row-ids.js';
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
  clientInvalid: 'Select a valid client.',
  clientNotFound: 'Select a client you handle.',
  serviceInvalid: 'Select a valid service.',
  serviceNotOfClient: "This service is not one of the client's services.",
  titleRequired: 'Please enter a title.',
  titleTooLong: 'The title may not be longer than 200 characters.',
  statusInvalid: 'Choose a valid status.',
  statusFilterInvalid: 'Choose valid statuses, or open.',
  assigneeInvalid: 'Choose someone of the firm who handles this work.',
  ackRequired: 'Enter the acknowledgement or ARN number to mark this filed.',
  ackInvalid: 'The acknowledgement number may hold letters, digits, / and - (at most 50).',
  filedOnFuture: 'The filing date may not be in the future.',
  filedOnOnlyWhenFiled: 'A filing date and acknowledgement belong to a filed item.',
  notesTooLong: 'Notes may not be longer than 2000 characters.',
  dueDateOfRule: 'A statutory item is due when its rule says; the admin records extensions.',
  titleOfRule: 'A statutory item keeps the title of its rule and period.',
  eventDateNotEvent: 'Only an item counted from an event (the AGM) takes an event date.',
  nothingToChange: 'Send at least one field to change.',
  overdueInvalid: 'overdue must be 1 or 0.',
  sortInvalid: 'Work can be sorted by due_date.',
  orderInvalid: 'Order must be asc or desc.',
  idInvalid: 'Enter a valid id.',
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
} as const;

const M = WORK_MESSAGES;
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const workIdParamsSchema = z.object({ id: rowIdSchema(M.notFound) });

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

/** `GET /api/work` and `GET /api/work/export`: the same filters, so an export is what the list shows. */
export const workListQuerySchema = pageQuerySchema.extend({
  status: statusFilter,
  service_id: z.preprocess(blankToUndefined, rowIdSchema(M.serviceInvalid).optional()),
  client_id: z.preprocess(blankToUndefined, rowIdSchema(M.clientInvalid).optional()),
  /** A person's id, or `none`: the items nobody is assigned. */
  assignee_id: z.preprocess(
    blankToUndefined,
    z.union([z.literal('none'), rowIdSchema(M.assigneeInvalid)], { error: M.assigneeInvalid }).optional(),
  ),
  due_from: z.preprocess(blankToUndefined, isoDateSchema().optional()),
  due_to: z.preprocess(blankToUndefined, isoDateSchema().optional()),
  overdue: z.preprocess(
    blankToUndefined,
    z
      .enum(['1', '0'], { error: M.overdueInvalid })
      .transform((value) => value === '1')
      .optional(),
  ),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, M.searchTooLong).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(['due_date'], { error: M.sortInvalid }).optional()),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: M.orderInvalid }).optional()),
});
export type WorkListQuery = z.output<typeof workListQuerySchema>;
export type WorkListFilters = Omit<WorkListQuery, 'page' | 'limit'>;

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
export const workUpdateSchema = z
  .strictObject({
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
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: M.nothingToChange,
    path: ['_'],
  });
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
export type WorkVerifyAnswer = { verified: number[] };

/** `edit`: change the item; `files`: open the files of its client service; `review`: move it on from review. */
export type WorkPermissions = { edit: boolean; files: boolean; review: boolean };

/** What anyone who sees the item reads, the client included (its own items, read-only). */
export type WorkItemSummary = {
  id: number;
  client_id: number;
  client_name: string;
  service_id: number;
  service_name: string;
  title: string;
  period: string | null;
  period_label: string | null;
  due_date: string;
  status: WorkStatus;
  overdue: boolean;
  filed_on: string | null;
  ack_number: string | null;
  permissions: WorkPermissions;
};

/** What staff read besides. */
export type WorkItem = WorkItemSummary & {
  udin: string | null;
  signed_on: string | null;
  rule_id: number | null;
  event_name: string | null;
  event_date: string | null;
  assignee: PersonRef | null;
  notes: string | null;
  /** Maker-checker: who checks it under review, who verified it, when, and the last review note. */
  reviewer: PersonRef | null;
  verified_by: PersonRef | null;
  verified_at: string | null;
  review_note: string | null;
  created_by: PersonRef | null;
  created_at: string;
  updated_at: string;
};

/** One change of one field: who, when, from, to (ids and the names or labels they stand for). */
export type WorkHistoryEntry = {
  id: number;
  field: string;
  from: string | null;
  to: string | null;
  from_label: string | null;
  to_label: string | null;
  actor: PersonRef | null;
  at: string;
};

/**
 * The item's page reads besides: its document requests (newest first) and whether the caller may ask
 * for more (`create`: open work it may change).
 */
export type WorkItemRequests = {
  requests: DocumentRequest[];
  request_permissions: { create: boolean };
  /** The folder named after the item's period ("Apr 2026") at the top of its service, when it exists and the caller may open files. */
  period_folder_id: number | null;
};
export type WorkItemDetail = WorkItem & { history: WorkHistoryEntry[] } & WorkItemRequests;
/** `GET /api/work/{id}`: staff read the whole item and its history, a client the summary; both its requests. */
export type WorkItemAnswer = WorkItemDetail | (WorkItemSummary & WorkItemRequests);
export const isStaffWorkItem = (item: WorkItemSummary): item is WorkItemDetail => 'history' in item;

export type WorkSummary = {
  today: string;
  overdue: number;
  due_this_week: number;
  /** Items due this calendar month, by status. */
  by_status: { status: WorkStatus; count: number }[];
  /** Open items by assignee (null: nobody yet). */
  by_assignee: { assignee: PersonRef | null; open: number; overdue: number }[];
};

export type WorkAssignee = PersonRef & { role: 'mpc' | 'pc' | 'executor' };

export type CalendarItem = { id: number; title: string; client_name: string; status: WorkStatus; overdue: boolean };
export type CalendarDay = { date: string; total: number; open: number; overdue: number; items: CalendarItem[] };
export type WorkCalendar = { from: string; to: string; today: string; days: CalendarDay[] };

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
