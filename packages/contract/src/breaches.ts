import { z } from 'zod';
import { isoDateSchema } from './compliance.js';
import { cursorPageSchema } from './envelope.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { buildPageLimit } from './paging.js';
import { personRefSchema } from './person-ref.js';
import { DATE_MESSAGES } from './plain-dates.js';
import { buildIdParamsSchema, jsonRowIdSchema, rowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildOptionalText, buildRequiredText } from './text-fields.js';

/**
 * The breach register (issue 25, docs/decisions/0045): the admin keeps the platform's, each MPC its firm's.
 * An entry records a personal data breach as the Data Fiduciary must report it (DPDP Act 2023 s. 8(6),
 * DPDP Rules 2025 rule 7): when it was found, what happened, the data and the people affected, the likely
 * consequences, what was done and what the people can do; the Board's 72-hour deadline for the detailed
 * report (rule 7(2)(b)) runs from when it was found. Entries are never deleted.
 */

/** What kind of personal data the breach reached: the form's checkboxes. */
export const { values: BREACH_DATA_KINDS, labels: BREACH_DATA_LABELS } = defineLabelledChoices({
  identity: 'Identity and contact details (name, address, email, phone)',
  pan: 'PAN',
  aadhaar: 'Aadhaar number',
  bank: 'Bank account details',
  documents: 'Documents (returns, statements, uploaded files)',
  sign_in: 'Sign-in details (usernames, passwords, sessions)',
  other: 'Other',
});
export type BreachDataKind = (typeof BREACH_DATA_KINDS)[number];
export const breachDataKindSchema = z.enum(BREACH_DATA_KINDS);

/** Who was affected: the people chosen (clients of the firm; firms on the platform), or everyone. */
export const BREACH_AFFECTED = ['chosen', 'everyone'] as const;
export type BreachAffected = (typeof BREACH_AFFECTED)[number];
export const breachAffectedSchema = z.enum(BREACH_AFFECTED);

/** Rule 7(2)(b): the detailed report to the Data Protection Board is due 72 hours after the breach was found. */
export const BOARD_REPORT_HOURS = 72;
/** How many people a form may choose by name; more than that is "everyone". */
export const MAX_CHOSEN = 500;

export const BREACH_MESSAGES = {
  listed: 'Breach register fetched successfully.',
  fetched: 'Breach entry fetched successfully.',
  recorded: 'Breach recorded.',
  updated: 'Breach entry saved. Its earlier text is kept in its history.',
  boardReported: 'Recorded as reported to the Data Protection Board.',
  noticesSent: 'Notices queued for the people affected.',
  noticesListed: 'Notices fetched successfully.',
  notFound: 'Breach entry not found.',
  dateInvalid: DATE_MESSAGES.invalid,
  timeInvalid: 'Enter a time as hh:mm (24-hour, India time).',
  foundInFuture: 'The time it was found may not be in the future.',
  descriptionRequired: 'Describe what happened: its nature, extent, when and where.',
  descriptionTooLong: 'What happened may not be longer than 4,000 characters.',
  dataKindsRequired: 'Choose the personal data affected.',
  dataKindInvalid: 'Choose from the kinds of data listed.',
  dataOtherRequired: 'Say what other data was affected.',
  dataOtherTooLong: 'The other data may not be longer than 500 characters.',
  affectedInvalid: 'Choose the people chosen, or everyone.',
  affectedRequired: 'Choose at least one affected person, or everyone.',
  affectedTooMany: `Choose at most ${MAX_CHOSEN} by name, or everyone.`,
  affectedIdInvalid: 'Choose people from the list.',
  affectedNotYours: 'Choose only people this register covers.',
  consequencesRequired: 'Say what may follow for the people affected.',
  consequencesTooLong: 'The likely consequences may not be longer than 2,000 characters.',
  measuresRequired: 'Say what was done, and is being done, about it.',
  measuresTooLong: 'The measures may not be longer than 2,000 characters.',
  adviceRequired: 'Say what the people affected can do to protect themselves.',
  adviceTooLong: 'What people can do may not be longer than 2,000 characters.',
  staffInvalid: 'Say yes or no.',
  reportedOnFuture: 'The date may not be in the future.',
  reportedBeforeFound: 'The date may not be before the breach was found.',
  cursorInvalid: SHARED_MESSAGES.cursorInvalid,
} as const;

const M = BREACH_MESSAGES;

export const BREACH_PATHS = {
  list: '/breaches',
  entry: (id: number | string) => `/breaches/${id}`,
  boardReport: (id: number | string) => `/breaches/${id}/board-report`,
  notices: (id: number | string) => `/breaches/${id}/notices`,
} as const;

export const breachIdParamsSchema = buildIdParamsSchema(M.notFound);

/**
 * `POST /api/breaches` and `PUT /api/breaches/{id}`: the whole entry. `found_on` and `found_time` are India's
 * date and time it was found (the server refuses a moment in the future); `affected_ids` are the people
 * chosen when `affected` is `chosen` (clients of the firm; on the platform, firms by their MPC).
 */
export const breachSaveSchema = z
  .strictObject({
    found_on: isoDateSchema(M.dateInvalid),
    found_time: z
      .string({ error: M.timeInvalid })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeInvalid),
    description: buildRequiredText(M.descriptionRequired, M.descriptionTooLong, 4000),
    data_kinds: z
      .array(z.enum(BREACH_DATA_KINDS, { error: M.dataKindInvalid }), { error: M.dataKindsRequired })
      .min(1, M.dataKindsRequired)
      .max(BREACH_DATA_KINDS.length, M.dataKindInvalid)
      .transform((kinds) => BREACH_DATA_KINDS.filter((kind) => kinds.includes(kind))),
    data_other: buildOptionalText(M.dataOtherTooLong, 500),
    affected: z.enum(BREACH_AFFECTED, { error: M.affectedInvalid }),
    affected_ids: z
      .array(jsonRowIdSchema(M.affectedIdInvalid), { error: M.affectedIdInvalid })
      .max(MAX_CHOSEN, M.affectedTooMany)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    include_staff: z.boolean({ error: M.staffInvalid }).default(false),
    consequences: buildRequiredText(M.consequencesRequired, M.consequencesTooLong, 2000),
    measures: buildRequiredText(M.measuresRequired, M.measuresTooLong, 2000),
    advice: buildRequiredText(M.adviceRequired, M.adviceTooLong, 2000),
  })
  .superRefine((value, ctx) => {
    if (value.data_kinds.includes('other') && !value.data_other)
      ctx.addIssue({ code: 'custom', message: M.dataOtherRequired, path: ['data_other'] });
    if (value.affected === 'chosen' && value.affected_ids.length === 0)
      ctx.addIssue({ code: 'custom', message: M.affectedRequired, path: ['affected_ids'] });
  });
export type BreachSaveInput = z.input<typeof breachSaveSchema>;
export type BreachSave = z.output<typeof breachSaveSchema>;

/** `POST /api/breaches/{id}/board-report`: the day the detailed report went to the Board. */
export const breachBoardReportSchema = z.strictObject({ reported_on: isoDateSchema(M.dateInvalid) });
export type BreachBoardReportInput = z.input<typeof breachBoardReportSchema>;

const limit = buildPageLimit(M.cursorInvalid, 20, 100);

/** `GET /api/breaches`: the register, newest entry first; `before` is the last shown entry's id. */
export const breachListQuerySchema = z.object({
  before: rowIdSchema(M.cursorInvalid).optional(),
  limit,
});

/** `GET /api/breaches/{id}/notices`: the notices of an entry in the order they were made; `after` the last shown. */
export const breachNoticeQuerySchema = z.object({
  after: rowIdSchema(M.cursorInvalid).optional(),
  limit: buildPageLimit(M.cursorInvalid, 50, 100),
});

/** Where the 72 hours stand: due at, minutes left (negative once overdue), and the day it was reported. */
export const boardDeadlineSchema = z.object({
  due_at: z.string(),
  minutes_left: z.number(),
  overdue: z.boolean(),
  reported_on: z.string().nullable(),
  reported_by: personRefSchema.nullable(),
});
export type BoardDeadline = z.infer<typeof boardDeadlineSchema>;

/** The register's row. */
export const breachSummarySchema = z.object({
  id: z.number(),
  register: z.enum(['platform', 'firm']),
  found_at: z.string(),
  description: z.string(),
  data_kinds: z.array(breachDataKindSchema),
  affected: breachAffectedSchema,
  include_staff: z.boolean(),
  board: boardDeadlineSchema,
  notices_made: z.number(),
  recorded_by: personRefSchema.nullable(),
  created_at: z.string(),
});
export type BreachSummary = z.infer<typeof breachSummarySchema>;

/** One change of an entry: the field, its text before and after, who and when (the entry's history). */
export const breachChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  changed_by: personRefSchema.nullable(),
  changed_at: z.string(),
});
export type BreachChange = z.infer<typeof breachChangeSchema>;

export const breachEntrySchema = breachSummarySchema.extend({
  data_other: z.string().nullable(),
  consequences: z.string(),
  measures: z.string(),
  advice: z.string(),
  /** The people chosen by name (empty when everyone): clients, or on the platform the firms' MPCs. */
  affected_people: z.array(personRefSchema),
  changes: z.array(breachChangeSchema),
  permissions: z.object({ record: z.boolean(), notify: z.boolean() }),
});
export type BreachEntry = z.infer<typeof breachEntrySchema>;

export const breachNoticeStatusSchema = z.enum(['queued', 'sent', 'failed', 'no_email']);
export type BreachNoticeStatus = z.infer<typeof breachNoticeStatusSchema>;
export const BREACH_NOTICE_STATUS_LABELS: Record<BreachNoticeStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Not sent: the mail server refused it',
  no_email: 'Not sent: no email',
};

/** A notice to one person: null `person` once their account was removed (the notice's record stays). */
export const breachNoticeSchema = z.object({
  id: z.number(),
  person: personRefSchema.nullable(),
  status: breachNoticeStatusSchema,
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type BreachNotice = z.infer<typeof breachNoticeSchema>;

/** What one press of "Send notices" did: queued now, already sent before, no email to send to. */
export const breachNoticesSentSchema = z.object({ queued: z.number(), already: z.number(), no_email: z.number() });
export type BreachNoticesSent = z.infer<typeof breachNoticesSentSchema>;

/** A cursor page: `next` is the following page's `before` (or `after`), null on the last. */
export type BreachPage<T> = { data: T[]; per_page: number; next: number | null };
export const breachPageOf = <T extends z.ZodType>(item: T) => cursorPageSchema(item, z.number().nullable());
