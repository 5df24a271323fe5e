import { z } from 'zod';
import { buildGstRate } from './billing.js';
import { documentTotalsPaiseSchema } from './billing-tax.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';
import { buildWholeNumber } from './whole-numbers.js';

/**
 * Credit notes (issue 23, docs/billing.md; CGST Act s.34, CGST Rules rule 53): issued at once against an
 * issued, partly paid or paid invoice, naming it, with the invoice's own tax split, numbered in the firm's
 * `CN` series per financial year. Its total never exceeds what is left of the invoice's value; when the
 * invoice was already settled, the excess goes back to the receipts that settled it, as the client's advance.
 */

export const CREDIT_NOTE_PREFIX = 'CN';

export const CREDIT_NOTE_MESSAGES = {
  issued: 'Credit note issued.',
  notCreditable: 'Only an issued, partly paid or paid invoice can be credited.',
  reasonRequired: 'Say why the invoice is reduced.',
  reasonTooLong: SHARED_MESSAGES.reasonTooLong,
  descriptionRequired: 'Describe what is credited.',
  descriptionTooLong: SHARED_MESSAGES.descriptionTooLong,
  amountInvalid: 'Enter a taxable amount in whole paise, at least 1 paisa.',
  rateInvalid: "Choose a GST rate of the invoice's lines.",
  linesRequired: SHARED_MESSAGES.linesRequired,
  overCredit: "The credit notes may not reduce more than the invoice's taxable value and total.",
  overCreditAtRate: 'The credit notes may not reduce more at a GST rate than the invoice billed at that rate.',
} as const;
const M = CREDIT_NOTE_MESSAGES;

export const creditNoteLineSchema = z.strictObject({
  description: buildRequiredText(M.descriptionRequired, M.descriptionTooLong, 300),
  /** The taxable value credited; the tax is worked out as on the invoice. */
  amount_paise: buildWholeNumber(M.amountInvalid, 1, 10_00_00_000_00),
  gst_rate_bp: buildGstRate(M.rateInvalid),
});

/** `POST /api/invoices/{id}/credit-notes`. */
export const creditNoteCreateSchema = z.strictObject({
  reason: buildRequiredText(M.reasonRequired, M.reasonTooLong, 300),
  lines: z.array(creditNoteLineSchema).min(1, M.linesRequired).max(50),
});
export type CreditNoteCreate = z.output<typeof creditNoteCreateSchema>;

export const creditNoteSchema = documentTotalsPaiseSchema.extend({
  id: z.number(),
  number: z.string(),
  credit_note_date: z.string(),
  reason: z.string(),
  lines: z.array(
    z.object({
      description: z.string(),
      sac: z.string(),
      gst_rate_bp: z.number(),
      taxable_paise: z.number(),
    }),
  ),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const creditNotesPath = (invoiceId: number | string) => `/invoices/${invoiceId}/credit-notes`;
