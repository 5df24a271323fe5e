import { z } from 'zod';
import { defineLabelledChoices } from './labelled-choices.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';

/**
 * Retention with legal holds (issue 25, docs/decisions/0046). The schedule says, per class of record, how
 * long the law makes a firm keep it and from when; erasing a client removes at once what no class holds and
 * keeps the rest until its class's period ends, when a daily task purges it. A client on legal hold is
 * never erased nor purged while the hold lasts.
 */

/** What a class's period runs from, for the records of one financial (tax) year. */
export const { values: RETENTION_ANCHORS, labels: RETENTION_ANCHOR_LABELS } = defineLabelledChoices({
  gst_annual_return: "the due date of the year's GST annual return (31 December after the year)",
  tax_year_end: 'the end of the tax year (31 March)',
  report_date: 'the date of the report (the filing or signing date)',
  relationship_end: 'the end of the relationship (the erasure)',
});
export type RetentionAnchor = (typeof RETENTION_ANCHORS)[number];
export const retentionAnchorSchema = z.enum(RETENTION_ANCHORS);

/** The classes a service's records can belong to; the schedule holds one row of each. */
export const RECORD_CLASSES = [
  'gst_records',
  'books_of_account',
  'audit_working_papers',
  'client_due_diligence',
  'activity_logs',
] as const;
export type RecordClass = (typeof RECORD_CLASSES)[number];
export const recordClassSchema = z.enum(RECORD_CLASSES);
/** The classes a service can be put in (the others hold identity records and logs, not a service's work). */
export const SERVICE_RECORD_CLASSES = ['gst_records', 'books_of_account', 'audit_working_papers'] as const;
export type ServiceRecordClass = (typeof SERVICE_RECORD_CLASSES)[number];

/** The class a new service's records start in, by its name (the admin may change it): as migration 0061 did. */
export function inferRecordClass(serviceName: string): ServiceRecordClass {
  const name = serviceName.toLowerCase();
  if (name.includes('audit')) return 'audit_working_papers';
  if (name.includes('gst')) return 'gst_records';
  return 'books_of_account';
}

/** The logs of processing are kept at least a year (DPDP Rules 2025, rule 6(1)(e) and rule 8(3)). */
export const MIN_LOG_MONTHS = 12;
export const MAX_RETENTION_MONTHS = 600;

export const RETENTION_PATHS = {
  classes: '/retention/classes',
  oneClass: (key: string) => `/retention/classes/${key}`,
  services: '/retention/services',
  oneService: (id: number | string) => `/retention/services/${id}`,
  legalHold: (clientId: number | string) => `/clients/${clientId}/legal-hold`,
  releaseHold: (clientId: number | string) => `/clients/${clientId}/legal-hold/release`,
  erasure: (clientId: number | string) => `/clients/${clientId}/erasure`,
} as const;

export const RETENTION_MESSAGES = {
  classesListed: 'Retention schedule fetched successfully.',
  classSaved: 'Retention period saved.',
  classNotFound: 'Record class not found.',
  servicesListed: 'Services fetched successfully.',
  serviceSaved: "The service's record class is saved.",
  serviceNotFound: 'Service not found.',
  monthsInvalid: `Enter a whole number of months from 1 to ${MAX_RETENTION_MONTHS}.`,
  logMonthsTooFew: `Logs are kept at least ${MIN_LOG_MONTHS} months (DPDP Rules 2025, rules 6 and 8).`,
  sourceRequired: 'Say which provision sets the period.',
  sourceTooLong: 'The source may not be longer than 500 characters.',
  classInvalid: 'Choose a record class from the schedule.',
  holdFetched: 'Legal hold fetched successfully.',
  holdPlaced: 'The client is on legal hold: nothing of it is erased or purged until the hold is released.',
  holdReleased: 'Legal hold released.',
  holdAlready: 'This client is already on legal hold.',
  holdNone: 'This client is not on legal hold.',
  reasonRequired: 'Say why the client is held (the proceeding, notice or matter).',
  reasonTooLong: 'The reason may not be longer than 1,000 characters.',
  noteTooLong: 'The note may not be longer than 1,000 characters.',
  erasurePreviewed: 'What erasing this client would remove and keep.',
  erased: "The client's personal data is erased; held records stay until their periods end.",
  erasureOnHold: 'This client is on legal hold: nothing can be erased until the hold is released.',
  alreadyErased: "This client's data was erased already.",
  confirmNameRequired: "Type the client's name to confirm.",
  confirmNameWrong: "The name typed is not this client's name.",
  requestInvalid: 'Choose an erasure request of this client that is still open.',
  clientNotFound: SHARED_MESSAGES.clientNotFound,
  erasedCannotEnable: "This client's data was erased: it cannot be enabled again.",
} as const;

/** `PUT /api/retention/classes/:key` (the admin): the period, and the provision that sets it. */
export const retentionClassSaveSchema = z.strictObject({
  months: z
    .number({ error: RETENTION_MESSAGES.monthsInvalid })
    .int(RETENTION_MESSAGES.monthsInvalid)
    .min(1, RETENTION_MESSAGES.monthsInvalid)
    .max(MAX_RETENTION_MONTHS, RETENTION_MESSAGES.monthsInvalid),
  source: buildRequiredText(RETENTION_MESSAGES.sourceRequired, RETENTION_MESSAGES.sourceTooLong, 500),
});
export type RetentionClassSaveInput = z.output<typeof retentionClassSaveSchema>;

export const retentionClassParamsSchema = z.object({
  key: z.enum(RECORD_CLASSES, { error: RETENTION_MESSAGES.classNotFound }),
});

/** `PUT /api/retention/services/:id` (the admin): the class the service's records are kept under. */
export const serviceRecordClassSchema = z.strictObject({
  record_class: z.enum(SERVICE_RECORD_CLASSES, { error: RETENTION_MESSAGES.classInvalid }),
});

/** `POST /api/clients/:id/legal-hold` (the MPC). */
export const legalHoldPlaceSchema = z.strictObject({
  reason: buildRequiredText(RETENTION_MESSAGES.reasonRequired, RETENTION_MESSAGES.reasonTooLong, 1000),
});
export type LegalHoldPlaceInput = z.output<typeof legalHoldPlaceSchema>;

/** `POST /api/clients/:id/legal-hold/release` (the MPC). */
export const legalHoldReleaseSchema = z.strictObject({
  note: z.string({ error: RETENTION_MESSAGES.noteTooLong }).trim().max(1000, RETENTION_MESSAGES.noteTooLong),
});

/** `POST /api/clients/:id/erasure` (the MPC): the client's name typed again, and the request it answers. */
export const erasureSchema = z.strictObject({
  confirm_name: z
    .string({ error: RETENTION_MESSAGES.confirmNameRequired })
    .trim()
    .min(1, RETENTION_MESSAGES.confirmNameRequired)
    .max(300, RETENTION_MESSAGES.confirmNameWrong),
  rights_request_id: z
    .number({ error: RETENTION_MESSAGES.requestInvalid })
    .int(RETENTION_MESSAGES.requestInvalid)
    .positive(RETENTION_MESSAGES.requestInvalid)
    .max(2_147_483_647, RETENTION_MESSAGES.requestInvalid)
    .nullable()
    .optional(),
});
export type ErasureInput = z.output<typeof erasureSchema>;

/** One row of the schedule. */
export const retentionClassSchema = z.object({
  key: recordClassSchema,
  label: z.string(),
  months: z.number(),
  anchor: retentionAnchorSchema,
  source: z.string(),
  /** Applies only to a firm that says it is a reporting entity under the PMLA (its firm setting). */
  pmla_only: z.boolean(),
  updated_at: z.string().nullable(),
});
export type RetentionClass = z.infer<typeof retentionClassSchema>;

export const serviceRecordClassRowSchema = z.object({
  id: z.number(),
  service_name: z.string(),
  record_class: z.enum(SERVICE_RECORD_CLASSES),
});
export type ServiceRecordClassRow = z.infer<typeof serviceRecordClassRowSchema>;

export const legalHoldEntrySchema = z.object({
  id: z.number(),
  reason: z.string(),
  placed_by: z.string().nullable(),
  placed_at: z.string(),
  released_by: z.string().nullable(),
  released_at: z.string().nullable(),
  release_note: z.string().nullable(),
});
export type LegalHoldEntry = z.infer<typeof legalHoldEntrySchema>;
/** The client's hold now (null: none) and every earlier one, newest first. */
export const legalHoldStateSchema = z.object({
  current: legalHoldEntrySchema.nullable(),
  history: z.array(legalHoldEntrySchema),
});
export type LegalHoldState = z.infer<typeof legalHoldStateSchema>;

/** What an erasure removes at once, by kind of record, with how many. */
export const { values: ERASED_KINDS, labels: ERASED_KIND_LABELS } = defineLabelledChoices({
  contact_details: 'Name, contact details and address (the name becomes a pseudonym)',
  aadhaar_numbers: 'Aadhaar numbers',
  bank_and_identity_details: 'Bank details and the rest of the profile',
  family_members: 'Family members',
  sign_in: 'Sign-in: password, sessions, two-factor, links',
  open_work: 'Open and cancelled work items',
  document_requests: 'Document requests',
  draft_invoices: 'Draft invoices',
  fees: 'Agreed fees',
  links: 'Saved links',
  certificates: 'Digital signature certificates in the register',
  notifications: 'Notifications about the client',
  files: 'Files whose periods have ended',
});
export type ErasedKind = (typeof ERASED_KINDS)[number];
export const erasedKindSchema = z.enum(ERASED_KINDS);

/** Records a class keeps, for one financial year, until a day. */
export const heldGroupSchema = z.object({
  record_class: recordClassSchema,
  label: z.string(),
  /** `2025-26`; null for the identity record (held from the erasure). */
  financial_year: z.string().nullable(),
  held_until: z.string(),
  work_items: z.number(),
  invoices: z.number(),
  receipts: z.number(),
  files: z.number(),
});
export type HeldGroup = z.infer<typeof heldGroupSchema>;

export const erasurePlanSchema = z.object({
  client_id: z.number(),
  on_legal_hold: z.boolean(),
  erased_at: z.string().nullable(),
  /** What goes at once; `count` null where the preview does not count it (the whole of that kind goes). */
  removed: z.array(z.object({ kind: erasedKindSchema, label: z.string(), count: z.number().nullable() })),
  held: z.array(heldGroupSchema),
});
export type ErasurePlan = z.infer<typeof erasurePlanSchema>;
