import { z } from 'zod';
import { clientRefFields } from './answer-field-groups.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { buildCursorLimit } from './paging.js';
import { plainRowIdSchema } from './row-ids.js';

/**
 * A client's ledger and the firm's ageing (issue 23, docs/billing.md): what a client was billed and what it
 * paid, in date order with a running balance (positive: owed by the client; negative: in credit), and
 * the firm's outstanding by days past the due date. Integer paise.
 */

export const ledgerEntryKindSchema = z.enum(['invoice', 'credit_note', 'receipt', 'tds']);

export const ledgerEntrySchema = z.object({
  date: z.string(),
  kind: ledgerEntryKindSchema,
  /** The invoice, credit note or receipt the entry comes from. */
  id: z.number(),
  number: z.string(),
  description: z.string(),
  debit_paise: z.number(),
  credit_paise: z.number(),
  balance_paise: z.number(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerSchema = z.object({
  ...clientRefFields,
  /** Owed by the client (positive) or in its credit (negative), after every entry. */
  balance_paise: z.number(),
  /** Receipts' amounts not applied to an invoice yet. */
  advance_paise: z.number(),
  data: z.array(ledgerEntrySchema),
  /** The cursor of the next page (`after`), null at the end. */
  next_after: z.string().nullable(),
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** `date.order.id.part` of the last entry read: the next page starts after it. */
const CURSOR = /^\d{4}-\d{2}-\d{2}\.[0-2]\.\d{1,10}\.[01]$/;

export const ledgerQuerySchema = z.strictObject({
  after: z.string().regex(CURSOR).optional(),
  limit: buildCursorLimit(100, 500),
});
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;

export const { values: AGEING_BUCKETS, labels: AGEING_BUCKET_LABELS } = defineLabelledChoices({
  not_due: 'Not yet due',
  days_0_30: '0-30 days',
  days_31_60: '31-60 days',
  days_61_90: '61-90 days',
  over_90: 'Over 90 days',
});
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const ageingAmountsSchema = z.object({
  ...Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, z.number()])),
  total: z.number(),
}) as unknown as z.ZodObject<Record<AgeingBucket | 'total', z.ZodNumber>>;
export type AgeingAmounts = z.infer<typeof ageingAmountsSchema>;
export const ageingRowSchema = ageingAmountsSchema.extend({ client_id: z.number(), client_name: z.string() });
export type AgeingRow = z.infer<typeof ageingRowSchema>;
/** A page of clients who owe, by client id (`after` the last one of the previous page), and the firm's totals. */
export const ageingSchema = z.object({
  as_of: z.string(),
  clients: z.array(ageingRowSchema),
  totals: ageingAmountsSchema,
  next_after: z.number().nullable(),
});
export type Ageing = z.infer<typeof ageingSchema>;

export const ageingQuerySchema = z.strictObject({
  after: plainRowIdSchema.optional(),
  limit: buildCursorLimit(100, 500),
});
export type AgeingQuery = z.output<typeof ageingQuerySchema>;

export const LEDGER_MESSAGES = {
  fetched: 'Ledger fetched successfully.',
  ageingFetched: 'Ageing fetched successfully.',
} as const;

export const ledgerPath = (clientId: number | string) => `/clients/${clientId}/ledger`;
export const AGEING_PATH = '/billing/ageing';
