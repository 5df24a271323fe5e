import { z } from 'zod';
import { clientRefFields, recordTimesFields } from './answer-field-groups.js';
import { buildGstRate, SAC_CODES } from './billing.js';
import { documentTotalsPaiseSchema, supplyKindSchema, taxedPaiseSchema } from './billing-tax.js';
import { isoDateSchema } from './compliance.js';
import { creditNoteSchema } from './credit-notes.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { buildCursorLimit } from './paging.js';
import { jsonRowIdSchema, plainRowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';
import { buildWholeNumber } from './whole-numbers.js';

/**
 * Invoices (issue 23, docs/billing.md): a draft the firm edits, issued once with the next number of its
 * financial year's series (CGST Rules rule 46(b)), never edited or deleted after: cancelled with a
 * reason, its number staying used. Money in integer paise, GST rates in basis points.
 */

export const { values: INVOICE_STATUSES, labels: INVOICE_STATUS_LABELS } = defineLabelledChoices({
  draft: 'Draft',
  issued: 'Issued',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
});
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);

/** Rs 10 crore: a line above it is a typing mistake for a practice's services. */
export const MAX_LINE_PAISE = 10_00_00_000_00;
export const MAX_LINES = 50;

export const INVOICE_MESSAGES = {
  listed: 'Invoices fetched successfully.',
  fetched: 'Invoice fetched successfully.',
  created: 'Draft invoice created.',
  saved: 'Draft invoice saved.',
  issued: 'Invoice issued.',
  cancelled: 'Invoice cancelled.',
  notFound: 'Invoice not found.',
  clientInvalid: 'Choose a client.',
  clientNotFound: SHARED_MESSAGES.clientNotFound,
  dateInvalid: SHARED_MESSAGES.dateInvalid,
  dueBeforeDate: 'The due date may not be before the invoice date.',
  descriptionRequired: 'Describe what is billed.',
  descriptionTooLong: SHARED_MESSAGES.descriptionTooLong,
  sacInvalid: 'Choose a SAC code of legal and accounting services.',
  quantityInvalid: 'Enter a whole quantity from 1 to 1000.',
  amountInvalid: SHARED_MESSAGES.amountInvalid,
  discountTooLarge: 'The discount may not be larger than the line.',
  rateInvalid: SHARED_MESSAGES.rateInvalid,
  linesRequired: SHARED_MESSAGES.linesRequired,
  linesTooMany: `An invoice has at most ${MAX_LINES} lines.`,
  workItemInvalid: 'Choose work items of this client.',
  workItemBilled: 'This work item is already billed on another invoice.',
  workItemRepeated: 'A work item may be billed once on an invoice.',
  notDraft: 'Only a draft can be changed or issued.',
  noProfile: 'Fill in the billing profile before issuing an invoice.',
  clientStateUnknown: "The client's state is not one the portal knows: correct it on the client's page.",
  reasonRequired: 'Say why the invoice is cancelled.',
  reasonTooLong: SHARED_MESSAGES.reasonTooLong,
  alreadyCancelled: 'The invoice is already cancelled.',
  changedMeanwhile: 'This invoice was changed meanwhile. Open it again.',
  hasReceipts: 'This invoice has payments recorded against it: cancel its receipts first.',
  hasCreditNotes: 'This invoice has credit notes: credit what is left instead of cancelling it.',
} as const;
const M = INVOICE_MESSAGES;

/** One line as sent: what, its SAC, quantity × rate less discount, its GST rate, the work items it bills. */
export const invoiceLineSchema = z
  .strictObject({
    description: buildRequiredText(M.descriptionRequired, M.descriptionTooLong, 300),
    sac: z.enum(
      SAC_CODES.map((entry) => entry.code),
      { error: M.sacInvalid },
    ),
    quantity: buildWholeNumber(M.quantityInvalid, 1, 1000),
    rate_paise: buildWholeNumber(M.amountInvalid, 0, MAX_LINE_PAISE),
    discount_paise: buildWholeNumber(M.amountInvalid, 0, MAX_LINE_PAISE).default(0),
    gst_rate_bp: buildGstRate(M.rateInvalid),
    work_item_ids: z.array(jsonRowIdSchema(M.workItemInvalid)).max(100).default([]),
    period: z
      .lazy(() => invoiceLinePeriodSchema)
      .nullable()
      .default(null),
  })
  .superRefine((line, context) => {
    if (line.quantity * line.rate_paise > MAX_LINE_PAISE)
      context.addIssue({ code: 'custom', path: ['rate_paise'], message: M.amountInvalid });
    if (line.discount_paise > line.quantity * line.rate_paise)
      context.addIssue({ code: 'custom', path: ['discount_paise'], message: M.discountTooLarge });
    if (new Set(line.work_item_ids).size !== line.work_item_ids.length)
      context.addIssue({ code: 'custom', path: ['work_item_ids'], message: M.workItemRepeated });
  });

/** `POST /api/invoices` (a draft) and `PUT /api/invoices/{id}` (while it is one). */
export const invoiceDraftSchema = z
  .strictObject({
    client_id: jsonRowIdSchema(M.clientInvalid),
    invoice_date: isoDateSchema(M.dateInvalid),
    due_date: isoDateSchema(M.dateInvalid),
    notes: z.string().trim().max(500).nullable().optional(),
    lines: z.array(invoiceLineSchema).min(1, M.linesRequired).max(MAX_LINES, M.linesTooMany),
  })
  .superRefine((draft, context) => {
    if (draft.due_date < draft.invoice_date)
      context.addIssue({ code: 'custom', path: ['due_date'], message: M.dueBeforeDate });
    const billed = draft.lines.flatMap((line) => line.work_item_ids);
    if (new Set(billed).size !== billed.length)
      context.addIssue({ code: 'custom', path: ['lines'], message: M.workItemRepeated });
  });
export type InvoiceDraftInput = z.input<typeof invoiceDraftSchema>;
export type InvoiceDraft = z.output<typeof invoiceDraftSchema>;

/** `POST /api/invoices/{id}/cancel`. */
export const invoiceCancelSchema = z.strictObject({
  reason: buildRequiredText(M.reasonRequired, M.reasonTooLong, 300),
});

/** `GET /api/invoices`: newest first, a page `before` an id; by status or client. */
export const invoiceListQuerySchema = z.strictObject({
  before: plainRowIdSchema.optional(),
  limit: buildCursorLimit(25, 100),
  status: z.enum(INVOICE_STATUSES).optional(),
  client_id: plainRowIdSchema.optional(),
});

export const invoiceIdParamsSchema = z.strictObject({ id: plainRowIdSchema });

export const invoiceLineAnswerSchema = taxedPaiseSchema.extend({
  id: z.number(),
  description: z.string(),
  sac: z.string(),
  quantity: z.number(),
  rate_paise: z.number(),
  discount_paise: z.number(),
  gst_rate_bp: z.number(),
  work_item_ids: z.array(z.number()),
  period: z.object({ service_id: z.number(), period_key: z.string() }).nullable(),
});

export const invoiceSchema = documentTotalsPaiseSchema.extend({
  id: z.number(),
  ...clientRefFields,
  status: invoiceStatusSchema,
  /** Given at issue; null while a draft. */
  number: z.string().nullable(),
  invoice_date: z.string(),
  due_date: z.string(),
  supply_kind: supplyKindSchema,
  place_of_supply: z.string().nullable(),
  /** SGST or UTGST: the second head of an intra-state supply. */
  local_head: z.enum(['SGST', 'UTGST']),
  reverse_charge_paise: z.number(),
  /** Received in money, deducted as TDS by the client, reduced by credit notes; the balance is what is left. */
  paid_paise: z.number(),
  tds_paise: z.number(),
  credited_paise: z.number(),
  balance_paise: z.number(),
  notes: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  lines: z.array(invoiceLineAnswerSchema),
  credit_notes: z.array(creditNoteSchema),
  ...recordTimesFields,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePageSchema = z.object({ data: z.array(invoiceSchema), next_before: z.number().nullable() });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const INVOICE_PATHS = {
  list: '/invoices',
  item: (id: number | string) => `/invoices/${id}`,
  issue: (id: number | string) => `/invoices/${id}/issue`,
  cancel: (id: number | string) => `/invoices/${id}/cancel`,
} as const;

// Ready to bill (issue 23, billing-ready.ts): a line may bill one retainer period or one-off fee of a
// client service of the invoice's client (`2026-04`, `FY2026-27-Q1`, `FY2026-27`, `ONCE`), held once
// among live invoices; and the list's filters and CSV export.

export const INVOICE_PERIOD_MESSAGES = {
  periodInvalid: 'Choose a period the client service’s fee charges for.',
  periodBilled: SHARED_MESSAGES.periodBilled,
  periodRepeated: 'A period may be billed once on an invoice.',
} as const;

/** The retainer period (or `ONCE`) of the client's service a line bills. */
export const invoiceLinePeriodSchema = z.strictObject({
  service_id: jsonRowIdSchema(INVOICE_PERIOD_MESSAGES.periodInvalid),
  period_key: z
    .string({ error: INVOICE_PERIOD_MESSAGES.periodInvalid })
    .trim()
    .min(1, INVOICE_PERIOD_MESSAGES.periodInvalid)
    .max(12, INVOICE_PERIOD_MESSAGES.periodInvalid),
});

const filterDate = isoDateSchema(M.dateInvalid).optional();

/**
 * `GET /api/invoices` and `GET /api/invoices/export.csv`: by status and client, invoice date `from`/`to`,
 * `overdue` (issued or partly paid, due before today), `q` (its number or the client's name).
 */
export const invoiceFilterQuerySchema = invoiceListQuerySchema.extend({
  from: filterDate,
  to: filterDate,
  overdue: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
});
export type InvoiceFilterQuery = z.output<typeof invoiceFilterQuerySchema>;

export const INVOICE_EXPORT_PATH = '/invoices/export.csv';
/** At most this many invoices in one export: narrow the filters for more. */
export const MAX_INVOICE_EXPORT = 10_000;
