import { z } from 'zod';
import { serviceRefFields } from './answer-field-groups.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { jsonRowIdSchema, plainRowIdSchema } from './row-ids.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildWholeNumber } from './whole-numbers.js';

/**
 * Billing (issue 23, docs/billing.md): what a firm charges for each client service. Amounts are integer
 * paise in every body and answer; the form reads rupees as text (`parseRupees`) and sends paise.
 */

/** The SAC codes (heading 9982, legal and accounting services) a catalogue service is billed under. */
export const SAC_CODES = [
  { code: '998212', label: 'Legal advisory and representation (other fields of law)' },
  { code: '998213', label: 'Legal documentation and certification' },
  { code: '998221', label: 'Financial auditing' },
  { code: '998222', label: 'Accounting and bookkeeping' },
  { code: '998223', label: 'Payroll' },
  { code: '998231', label: 'Corporate tax consulting and preparation' },
  { code: '998232', label: 'Individual tax preparation and planning' },
] as const;
export type SacCode = (typeof SAC_CODES)[number]['code'];

/** How a fee is charged: each statutory item of the service, a retainer per period, or once. */
export const { values: FEE_BASES, labels: FEE_BASIS_LABELS } = defineLabelledChoices({
  per_item: 'Per work item',
  monthly: 'Monthly retainer',
  quarterly: 'Quarterly retainer',
  yearly: 'Yearly retainer',
  one_off: 'One-off',
});
export type FeeBasis = (typeof FEE_BASES)[number];
export const feeBasisSchema = z.enum(FEE_BASES);

/**
 * The GST rates a fee may carry, in basis points: the slabs from 22 September 2025 (notification
 * 15/2025-Central Tax (Rate) amending 11/2017); legal and accounting services stay at 18 %.
 */
export const GST_RATES_BP = [0, 500, 1800, 4000] as const;
export const DEFAULT_GST_RATE_BP = 1800;

/** A GST rate in a JSON body: one of the slabs, else `message`. */
export const buildGstRate = (message: string) =>
  z.number({ error: message }).refine((rate) => (GST_RATES_BP as readonly number[]).includes(rate), message);
/** Rs 1 crore: a fee above it is a typing mistake, not a practice's charge for one service. */
export const MAX_FEE_PAISE = 1_00_00_000_00;

export const BILLING_MESSAGES = {
  feesFetched: 'Fees fetched successfully.',
  feesSaved: 'Fees saved.',
  clientNotFound: SHARED_MESSAGES.clientNotFound,
  amountInvalid: 'Enter an amount in rupees, up to two decimals, at most Rs 1,00,00,000.',
  basisInvalid: 'Choose per work item, a monthly, quarterly or yearly retainer, or one-off.',
  rateInvalid: SHARED_MESSAGES.rateInvalid,
  serviceInvalid: 'Choose a service of the client.',
  serviceNotTaken: 'The client does not take this service.',
  serviceRepeated: 'Each service may have one fee.',
  grantFetched: 'Billing permission fetched successfully.',
  grantSaved: 'Billing permission saved.',
  clientsFetched: 'Clients fetched successfully.',
  grantInvalid: 'Say whether this person may bill.',
  userNotFound: SHARED_MESSAGES.userNotFound,
} as const;
const M = BILLING_MESSAGES;

/** One service's fee as sent: the amount in paise (a whole number; null: no fee), its basis and GST rate. */
export const feeSchema = z.strictObject({
  service_id: jsonRowIdSchema(BILLING_MESSAGES.serviceInvalid),
  amount_paise: buildWholeNumber(M.amountInvalid, 1, MAX_FEE_PAISE).nullable(),
  basis: z.enum(FEE_BASES, { error: M.basisInvalid }),
  gst_rate_bp: buildGstRate(M.rateInvalid),
});
export type FeeInput = z.output<typeof feeSchema>;

/** `PUT /api/clients/{id}/fees`: the client's fees as a whole; a service left out, or with no amount, has none. */
export const feesSaveSchema = z.strictObject({
  fees: z
    .array(feeSchema)
    .max(100)
    .refine((fees) => new Set(fees.map((fee) => fee.service_id)).size === fees.length, M.serviceRepeated),
});
export type FeesSave = z.output<typeof feesSaveSchema>;

/** A service the client takes, with its SAC and the fee the firm set (null: none). */
export const clientServiceFeeSchema = z.object({
  ...serviceRefFields,
  sac_code: z.string().nullable(),
  fee: z.object({ amount_paise: z.number(), basis: feeBasisSchema, gst_rate_bp: z.number() }).nullable(),
});
export type ClientServiceFee = z.infer<typeof clientServiceFeeSchema>;

/**
 * `PUT /api/users/{id}/billing-permission`: whether a PC or executor of the firm may see and bill its
 * clients (the per-person `billing` permission, off until the firm's MPC grants it).
 */
export const billingGrantSchema = z.strictObject({ granted: z.boolean({ error: M.grantInvalid }) });
export type BillingGrant = z.output<typeof billingGrantSchema>;

/** `GET /api/billing/clients`: the clients the caller bills, by name (the invoice editor's client box). */
export const billableClientsQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  id: plainRowIdSchema.optional(),
});
/** A client as the invoice editor needs it: where it is and its GSTIN decide the tax. */
export const billableClientOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: z.string().nullable(),
  gstin: z.string().nullable(),
});
export type BillableClientOption = z.infer<typeof billableClientOptionSchema>;

export const BILLING_PATHS = {
  clients: '/billing/clients',
  fees: (clientId: number | string) => `/clients/${clientId}/fees`,
  grant: (userId: number | string) => `/users/${userId}/billing-permission`,
} as const;
