import { z } from 'zod';
import { clientRefFields } from './answer-field-groups.js';
import { isoDateSchema } from './compliance.js';
import { cursorPageSchema } from './envelope.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './paging.js';
import { personRefSchema } from './person-ref.js';
import { DATE_MESSAGES } from './plain-dates.js';
import { buildIdParamsSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildOptionalText, buildRequiredText } from './text-fields.js';
import { buildCoercedWholeNumber } from './whole-numbers.js';

/**
 * The registers (issue 22, docs/decisions/0032): each client's digital signature certificates (DSCs),
 * who holds each token, and the firm's UDIN register of signed work.
 */

/** Class 2 is no longer issued since 1 January 2021 (CCA); those issued before stay valid to their expiry. */
export const { values: DSC_CLASSES, labels: DSC_CLASS_LABELS } = defineLabelledChoices({
  class3: 'Class 3',
  dgft: 'DGFT',
  class2: 'Class 2 (issued before 2021)',
});
export type DscClass = (typeof DSC_CLASSES)[number];
export const dscClassSchema = z.enum(DSC_CLASSES);
/** Who keeps the token: the firm (in custody) or the client. */
export const { values: DSC_CUSTODY, labels: DSC_CUSTODY_LABELS } = defineLabelledChoices({
  firm: 'With the firm',
  client: 'With the client',
});
export type DscCustody = (typeof DSC_CUSTODY)[number];
export const dscCustodySchema = z.enum(DSC_CUSTODY);
/** `in`: the token comes to the firm; `out`: it goes back to its holder. */
export const CUSTODY_DIRECTIONS = ['in', 'out'] as const;
export type CustodyDirection = (typeof CUSTODY_DIRECTIONS)[number];
export const custodyDirectionSchema = z.enum(CUSTODY_DIRECTIONS);
/** What the dashboards and the digest call "expiring soon". */
export const DSC_EXPIRY_WINDOW_DAYS = 30;
/** A certificate is valid 1 to 3 years; a longer span is a typing mistake. */
export const DSC_MAX_VALIDITY_DAYS = 3 * 366;

export const REGISTER_MESSAGES = {
  dscListed: 'Digital signature certificates fetched successfully.',
  dscCreated: 'Digital signature certificate added.',
  dscUpdated: 'Digital signature certificate saved.',
  dscDeleted: 'Digital signature certificate removed.',
  custodyRecorded: 'Custody recorded.',
  udinListed: 'UDIN register fetched successfully.',
  summaryFetched: 'Registers fetched successfully.',
  dscNotFound: 'Digital signature certificate not found.',
  clientNotFound: SHARED_MESSAGES.clientNotFound,
  holderRequired: 'Enter the name of the holder.',
  holderTooLong: 'The holder name may not be longer than 100 characters.',
  classInvalid: 'Choose Class 3, DGFT or Class 2.',
  issuerRequired: 'Enter the certifying authority that issued it.',
  issuerTooLong: 'The certifying authority may not be longer than 100 characters.',
  dateInvalid: DATE_MESSAGES.invalid,
  validUntilBeforeFrom: 'The expiry date must be after the date it is valid from.',
  validityTooLong: 'A certificate is valid for at most 3 years.',
  serialTooLong: 'The token serial may not be longer than 50 characters.',
  custodyInvalid: 'Choose the firm or the client.',
  notesTooLong: 'Notes may not be longer than 500 characters.',
  directionInvalid: 'Choose in or out.',
  personRequired: 'Enter who handed over or received the token.',
  personTooLong: 'The name may not be longer than 100 characters.',
  noteTooLong: SHARED_MESSAGES.noteTooLong,
  onDateFuture: 'The date may not be in the future.',
  alreadyIn: 'The token is already with the firm.',
  alreadyOut: 'The token is already with the client.',
  daysInvalid: 'Choose a whole number of days from 1 to 366.',
  cursorInvalid: SHARED_MESSAGES.cursorInvalid,
  filterInvalid: 'Choose all, missing or overdue.',
} as const;

const M = REGISTER_MESSAGES;

export const REGISTER_PATHS = {
  clientDsc: (clientId: number) => `/clients/${clientId}/dsc`,
  dsc: (id: number) => `/dsc/${id}`,
  custody: (id: number) => `/dsc/${id}/custody`,
  dscRegister: '/registers/dsc',
  udinRegister: '/registers/udin',
  summary: '/registers/summary',
} as const;

export const clientIdParamsSchema = buildIdParamsSchema(M.clientNotFound);
export const dscIdParamsSchema = buildIdParamsSchema(M.dscNotFound);

/** `POST /api/clients/{id}/dsc` and `PUT /api/dsc/{id}`: one certificate. */
export const dscSaveSchema = z
  .strictObject({
    holder_name: buildRequiredText(M.holderRequired, M.holderTooLong, 100),
    class: z.enum(DSC_CLASSES, { error: M.classInvalid }),
    issued_by: buildRequiredText(M.issuerRequired, M.issuerTooLong, 100),
    valid_from: z.union([isoDateSchema(M.dateInvalid), z.null()]).optional(),
    valid_until: isoDateSchema(M.dateInvalid),
    token_serial: buildOptionalText(M.serialTooLong, 50),
    custody: z.enum(DSC_CUSTODY, { error: M.custodyInvalid }),
    notes: buildOptionalText(M.notesTooLong, 500),
  })
  .superRefine((value, ctx) => {
    if (!value.valid_from) return;
    if (value.valid_until <= value.valid_from)
      ctx.addIssue({ code: 'custom', message: M.validUntilBeforeFrom, path: ['valid_until'] });
    else if (Date.parse(value.valid_until) - Date.parse(value.valid_from) > DSC_MAX_VALIDITY_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', message: M.validityTooLong, path: ['valid_until'] });
  });
export type DscSaveInput = z.input<typeof dscSaveSchema>;
export type DscSave = z.output<typeof dscSaveSchema>;

/** `POST /api/dsc/{id}/custody`: the token came in to the firm, or went out to its holder. */
export const custodyMoveSchema = z.strictObject({
  direction: z.enum(CUSTODY_DIRECTIONS, { error: M.directionInvalid }),
  on_date: isoDateSchema(M.dateInvalid),
  person: buildRequiredText(M.personRequired, M.personTooLong, 100),
  note: buildOptionalText(M.noteTooLong, 200),
});
export type CustodyMoveInput = z.input<typeof custodyMoveSchema>;
export type CustodyMove = z.output<typeof custodyMoveSchema>;

const limit = z.coerce
  .number({ error: M.daysInvalid })
  .int()
  .min(1)
  .default(PAGE_SIZE)
  .transform((value) => Math.min(value, MAX_PAGE_SIZE));

/** `GET /api/registers/dsc`: the firm's certificates by expiry, those expiring within `days` (or all). */
export const dscRegisterQuerySchema = z.object({
  days: buildCoercedWholeNumber(M.daysInvalid, 1, 366).optional(),
  after: z.string().max(40).optional(),
  limit,
});

export const UDIN_FILTERS = ['all', 'missing', 'overdue'] as const;
/** `GET /api/registers/udin`: the firm's signed work, newest signing first. */
export const udinRegisterQuerySchema = z.object({
  filter: z.enum(UDIN_FILTERS, { error: M.filterInvalid }).default('all'),
  after: z.string().max(40).optional(),
  limit,
});

export const custodyEventSchema = z.object({
  id: z.number(),
  direction: custodyDirectionSchema,
  on_date: z.string(),
  person: z.string(),
  note: z.string().nullable(),
  recorded_by: personRefSchema.nullable(),
  created_at: z.string(),
});
export type CustodyEvent = z.infer<typeof custodyEventSchema>;

/** `manage`: edit, record custody, remove (staff who handle the client; a client reads its own). */
export const dscPermissionsSchema = z.object({ manage: z.boolean() });
export type DscPermissions = z.infer<typeof dscPermissionsSchema>;

export const dscCertificateSchema = z.object({
  id: z.number(),
  ...clientRefFields,
  holder_name: z.string(),
  class: dscClassSchema,
  issued_by: z.string(),
  valid_from: z.string().nullable(),
  valid_until: z.string(),
  token_serial: z.string().nullable(),
  custody: dscCustodySchema,
  notes: z.string().nullable(),
  /** Days until it expires (negative: expired), against today in India. */
  days_left: z.number(),
  expiring: z.boolean(),
  expired: z.boolean(),
  custody_events: z.array(custodyEventSchema),
  permissions: dscPermissionsSchema,
});
export type DscCertificate = z.infer<typeof dscCertificateSchema>;

/** A cursor page: `next` is the `after` of the following page, null on the last. */
export type CursorPage<T> = { data: T[]; per_page: number; next: string | null };
export const cursorPageOf = <T extends z.ZodType>(item: T) => cursorPageSchema(item, z.string().nullable());

export const udinRowSchema = z.object({
  work_id: z.number(),
  ...clientRefFields,
  title: z.string(),
  signed_on: z.string(),
  udin: z.string().nullable(),
  /** The last day ICAI allows the UDIN to be generated. */
  deadline: z.string(),
  missing: z.boolean(),
  overdue: z.boolean(),
});
export type UdinRow = z.infer<typeof udinRowSchema>;

/** What the dashboards show: counts in the caller's reach, and the next few of each. */
export const registerSummarySchema = z.object({
  dsc_expiring: z.number(),
  udin_missing: z.number(),
  udin_overdue: z.number(),
  expiring: z.array(dscCertificateSchema),
  missing: z.array(udinRowSchema),
});
export type RegisterSummary = z.infer<typeof registerSummarySchema>;
