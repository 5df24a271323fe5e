import { z } from 'zod';
import { clientRefFields, serviceRefFields } from './answer-field-groups.js';
import { type FeeBasis, feeBasisSchema } from './billing.js';
import { isoDateSchema } from './compliance.js';
import { parsePeriod } from './compliance-periods.js';
import { buildCursorLimit } from './paging.js';
import { jsonRowIdSchema, plainRowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';

/**
 * Ready to bill (issue 23, docs/billing.md): filed or completed work items of client services charged
 * per item that no live invoice bills, the retainer periods (from the period the fee was set in up to
 * today's) and one-off fees no live invoice covers; the MPC selects some and gets one draft per client.
 */

/** The key of a one-off fee's single "period". */
export const ONE_OFF_PERIOD = 'ONCE';

export const READY_MESSAGES = {
  listed: 'Ready to bill fetched successfully.',
  draftsMade: 'Draft invoices created.',
  summaryFetched: 'Billing figures fetched successfully.',
  entriesRequired: 'Choose at least one entry to bill.',
  entriesTooMany: 'Bill at most 200 entries at once.',
  entryInvalid: 'Choose an entry of the ready-to-bill list.',
  entryRepeated: 'Each entry may be chosen once.',
  workNotReady: 'This work item is not filed or completed, or its service has no fee per item.',
  periodNotReady: 'This period is not one the fee charges for yet.',
  workBilled: 'This work item is already billed on another invoice.',
  periodBilled: SHARED_MESSAGES.periodBilled,
  noSac: 'Give the service a SAC code before billing it.',
  unbilledWork: 'This work is charged per item: bill it before marking it completed.',
  reminderDaysInvalid: 'Choose a whole number of days from 1 to 90, or none.',
  settingInvalid: 'Choose on or off.',
} as const;
const M = READY_MESSAGES;

/** An overdue invoice reminds its client at most every day, at least every 90 days (a firm setting). */
export const MAX_INVOICE_REMINDER_DAYS = 90;

/** A period key a fee of `basis` charges for: a month, a quarter or a financial year, or `ONCE`. */
export function isPeriodKeyOf(basis: FeeBasis, key: string): boolean {
  if (basis === 'one_off') return key === ONE_OFF_PERIOD;
  const frequency = { monthly: 'monthly', quarterly: 'quarterly', yearly: 'yearly' }[basis as string];
  return frequency !== undefined && parsePeriod(key)?.frequency === frequency;
}

/** `GET /api/billing/ready`: work items (newest first, `before` an item) or fees' periods (`after` a fee). */
export const readyListQuerySchema = z.strictObject({
  kind: z.enum(['work', 'fees']).default('work'),
  before: plainRowIdSchema.optional(),
  after: plainRowIdSchema.optional(),
  limit: buildCursorLimit(50, 100),
});
export type ReadyListQuery = z.output<typeof readyListQuerySchema>;

/** One entry to bill: a work item, or a period (or `ONCE`) of a client service's fee. */
export const readyEntrySchema = z.object({
  work_item_id: z.number().nullable(),
  period_key: z.string().nullable(),
  ...clientRefFields,
  ...serviceRefFields,
  sac: z.string().nullable(),
  /** The work item's title, or the fee's period as people name it ("Apr 2026"; "One-off"). */
  title: z.string(),
  period: z.string().nullable(),
  /** The work item's status; null for a fee's period. */
  status: z.string().nullable(),
  /** When the work was filed or completed (India date); null for a fee's period. */
  closed_on: z.string().nullable(),
  basis: feeBasisSchema,
  amount_paise: z.number(),
  gst_rate_bp: z.number(),
});
export type ReadyEntry = z.infer<typeof readyEntrySchema>;

/** A page: work by `next_before` (an item id), fees by `next_after` (a fee id). */
export const readyPageSchema = z.object({
  data: z.array(readyEntrySchema),
  next_before: z.number().nullable(),
  next_after: z.number().nullable(),
});
export type ReadyPage = z.infer<typeof readyPageSchema>;

const entrySchema = z.union(
  [
    z.strictObject({ work_item_id: jsonRowIdSchema(M.entryInvalid) }),
    z.strictObject({
      client_id: jsonRowIdSchema(M.entryInvalid),
      service_id: jsonRowIdSchema(M.entryInvalid),
      period_key: z.string({ error: M.entryInvalid }).trim().min(1, M.entryInvalid).max(12, M.entryInvalid),
    }),
  ],
  { error: M.entryInvalid },
);
export type ReadySelection = z.output<typeof entrySchema>;

/** `POST /api/billing/ready/drafts`: the chosen entries; drafts dated today, due `due_date` (default 15 days). */
export const readyDraftsSchema = z
  .strictObject({
    entries: z.array(entrySchema).min(1, M.entriesRequired).max(200, M.entriesTooMany),
    due_date: isoDateSchema().optional(),
  })
  .superRefine((body, context) => {
    const keys = body.entries.map((entry) =>
      'work_item_id' in entry
        ? `w${entry.work_item_id}`
        : `p${entry.client_id}:${entry.service_id}:${entry.period_key}`,
    );
    if (new Set(keys).size !== keys.length)
      context.addIssue({ code: 'custom', path: ['entries'], message: M.entryRepeated });
  });
export type ReadyDrafts = z.output<typeof readyDraftsSchema>;

/** Per client: the draft made, or why none was (all of a client's entries or none). */
export const readyDraftsAnswerSchema = z.object({
  made: z.array(z.object({ client_id: z.number(), invoice_id: z.number() })),
  refused: z.array(z.object({ client_id: z.number(), message: z.string() })),
});
export type ReadyDraftsAnswer = z.infer<typeof readyDraftsAnswerSchema>;

/** `GET /api/billing/summary`: the dashboard's figures in paise, this month and this financial year. */
export const billingFiguresSchema = z.object({ billed_paise: z.number(), collected_paise: z.number() });
export type BillingFigures = z.infer<typeof billingFiguresSchema>;
export const billingSummarySchema = z.object({
  month: billingFiguresSchema,
  financial_year: billingFiguresSchema,
  /** Issued and partly paid invoices' balance, whatever their date. */
  outstanding_paise: z.number(),
  /** The sum of the ready-to-bill entries' fees. */
  unbilled_paise: z.number(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const BILLING_READY_PATHS = {
  ready: '/billing/ready',
  drafts: '/billing/ready/drafts',
  summary: '/billing/summary',
} as const;
