import { z } from 'zod';
import { clientRefFields } from './answer-field-groups.js';
import { isoDateSchema } from './compliance.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { buildCursorLimit } from './paging.js';
import { jsonRowIdSchema, plainRowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';
import { buildWholeNumber } from './whole-numbers.js';

/**
 * Receipts (issue 23, docs/billing.md): money a client paid, with the TDS it deducted (section 194J of
 * the Income-tax Act 1961 for payments up to 31 March 2026, section 393(1) table serial 6(iii) of the
 * Income-tax Act 2025 after), allocated to its issued invoices, the rest an advance applied later. A
 * receipt is never deleted: it is cancelled with a reason, which undoes its allocations. Integer paise.
 */

export const { values: RECEIPT_MODES, labels: RECEIPT_MODE_LABELS } = defineLabelledChoices({
  upi: 'UPI',
  neft: 'NEFT',
  rtgs: 'RTGS',
  imps: 'IMPS',
  cheque: 'Cheque',
  cash: 'Cash',
  card: 'Card',
});
export type ReceiptMode = (typeof RECEIPT_MODES)[number];
export const receiptModeSchema = z.enum(RECEIPT_MODES);

/** Rs 10 crore: a receipt above it is a typing mistake for a practice's fees. */
export const MAX_RECEIPT_PAISE = 10_00_00_000_00;
/** Above this share of the taxable value (10 %, the professional-fee rate) TDS is warned of, not refused. */
export const TDS_WARN_BP = 1000;

export const RECEIPT_MESSAGES = {
  recorded: 'Receipt recorded.',
  listed: 'Receipts fetched successfully.',
  fetched: 'Receipt fetched successfully.',
  cancelled: 'Receipt cancelled.',
  applied: 'Advance applied to the invoice.',
  notFound: 'Receipt not found.',
  clientInvalid: 'Choose a client.',
  dateInvalid: SHARED_MESSAGES.dateInvalid,
  dateInFuture: 'A receipt may not be dated after today.',
  amountInvalid: SHARED_MESSAGES.amountInvalid,
  nothingReceived: 'Enter the amount received or the TDS deducted.',
  modeInvalid: 'Choose how it was paid: UPI, NEFT, RTGS, IMPS, cheque, cash or card.',
  referenceRequired: 'Enter the UTR or cheque number.',
  referenceTooLong: 'The reference may not be longer than 40 characters.',
  allocationsTooLarge: 'The allocations may not add up to more than the amount received and the TDS.',
  allocationRepeated: 'Allocate to each invoice once.',
  invoiceInvalid: "Choose an issued invoice of this receipt's client.",
  overBalance: "The amount is more than the invoice's balance.",
  notPayable: 'Only an issued or partly paid invoice takes a payment.',
  advanceTooSmall: "The amount is more than the receipt's advance left.",
  reasonRequired: 'Say why the receipt is cancelled.',
  reasonTooLong: SHARED_MESSAGES.reasonTooLong,
  alreadyCancelled: 'The receipt is already cancelled.',
  changedMeanwhile: 'This receipt or its invoice was changed meanwhile. Open it again.',
  tdsAboveRate: "The TDS is more than 10 % of the invoices' taxable value: check the amount the client deducted.",
} as const;
const M = RECEIPT_MESSAGES;

export const paiseSchema = (message: string, min = 0) => buildWholeNumber(message, min, MAX_RECEIPT_PAISE);

export const allocationSchema = z.strictObject({
  invoice_id: jsonRowIdSchema(M.invoiceInvalid),
  amount_paise: paiseSchema(M.amountInvalid, 1),
});

const paymentFields = {
  receipt_date: isoDateSchema(M.dateInvalid),
  amount_paise: paiseSchema(M.amountInvalid),
  tds_paise: paiseSchema(M.amountInvalid).default(0),
  mode: z.enum(RECEIPT_MODES, { error: M.modeInvalid }),
  reference: z.string().trim().max(40, M.referenceTooLong).nullable().optional(),
  notes: z.string().trim().max(500).nullable().optional(),
};

type PaymentShape = { amount_paise: number; tds_paise: number; mode: ReceiptMode; reference?: string | null };

/** Something was received, and every mode but cash names its UTR or cheque number. */
function checkPayment(payment: PaymentShape, context: z.RefinementCtx) {
  if (payment.amount_paise + payment.tds_paise === 0)
    context.addIssue({ code: 'custom', path: ['amount_paise'], message: M.nothingReceived });
  if (payment.mode !== 'cash' && !payment.reference)
    context.addIssue({ code: 'custom', path: ['reference'], message: M.referenceRequired });
}

/** `POST /api/invoices/{id}/payments`: amount + TDS settle the one invoice. */
export const invoicePaymentSchema = z.strictObject(paymentFields).superRefine(checkPayment);
export type InvoicePayment = z.output<typeof invoicePaymentSchema>;

/** `POST /api/receipts`: spread over invoices of one client; what is not allocated is an advance. */
export const receiptCreateSchema = z
  .strictObject({
    ...paymentFields,
    client_id: jsonRowIdSchema(M.clientInvalid),
    allocations: z.array(allocationSchema).max(50).default([]),
  })
  .superRefine((receipt, context) => {
    checkPayment(receipt, context);
    const allocated = receipt.allocations.reduce((sum, entry) => sum + entry.amount_paise, 0);
    if (allocated > receipt.amount_paise + receipt.tds_paise)
      context.addIssue({ code: 'custom', path: ['allocations'], message: M.allocationsTooLarge });
    const ids = receipt.allocations.map((entry) => entry.invoice_id);
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: 'custom', path: ['allocations'], message: M.allocationRepeated });
  });
export type ReceiptCreate = z.output<typeof receiptCreateSchema>;

/** `POST /api/receipts/{id}/cancel`. */
export const receiptCancelSchema = z.strictObject({
  reason: buildRequiredText(M.reasonRequired, M.reasonTooLong, 300),
});

/** `POST /api/receipts/{id}/apply`: part of the receipt's advance to one invoice. */
export const receiptApplySchema = allocationSchema;

/** `GET /api/receipts`: newest first, a page `before` an id; one client's. */
export const receiptListQuerySchema = z.strictObject({
  before: plainRowIdSchema.optional(),
  limit: buildCursorLimit(25, 100),
  client_id: plainRowIdSchema.optional(),
});
export type ReceiptListQuery = z.output<typeof receiptListQuerySchema>;

export const receiptAllocationSchema = z.object({
  invoice_id: z.number(),
  invoice_number: z.string().nullable(),
  /** What it settles of the invoice, the TDS included; negative: given back by a credit note. */
  amount_paise: z.number(),
  tds_paise: z.number(),
  created_at: z.string(),
});

export const receiptSchema = z.object({
  id: z.number(),
  ...clientRefFields,
  number: z.string(),
  receipt_date: z.string(),
  amount_paise: z.number(),
  tds_paise: z.number(),
  /** Section under which the TDS was deducted, by the receipt's date. */
  tds_section: z.string(),
  allocated_paise: z.number(),
  /** Amount + TDS not yet applied to an invoice: the client's credit. */
  advance_paise: z.number(),
  mode: receiptModeSchema,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(['active', 'cancelled']),
  cancel_reason: z.string().nullable(),
  allocations: z.array(receiptAllocationSchema),
  /** Not refusals: what the staff should check (TDS above 10 %). */
  warnings: z.array(z.string()),
  created_at: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptPageSchema = z.object({ data: z.array(receiptSchema), next_before: z.number().nullable() });
export type ReceiptPage = z.infer<typeof receiptPageSchema>;

/** The provision under which a client deducts TDS on a professional's fee paid on `isoDate`. */
export function tdsSectionOn(isoDate: string): string {
  return isoDate < '2026-04-01'
    ? 'Section 194J, Income-tax Act 1961'
    : 'Section 393(1), table serial 6(iii), Income-tax Act 2025';
}

export const RECEIPT_PATHS = {
  list: '/receipts',
  item: (id: number | string) => `/receipts/${id}`,
  pdf: (id: number | string) => `/receipts/${id}/pdf`,
  cancel: (id: number | string) => `/receipts/${id}/cancel`,
  apply: (id: number | string) => `/receipts/${id}/apply`,
  ofInvoice: (id: number | string) => `/invoices/${id}/payments`,
} as const;

export const receiptIdParamsSchema = z.strictObject({ id: plainRowIdSchema });
