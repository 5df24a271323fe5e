import { z } from 'zod';
import { INVOICE_PREFIX_PATTERN } from './billing-numbers.js';
import { GST_STATE_CODES, type GstRegistration } from './billing-tax.js';
import { isValidGstin, PAN_PATTERN, panOfGstin } from './identifiers.js';
import { findIndianState } from './indian-states.js';
import { defineLabelledChoices } from './labelled-choices.js';
import { SHARED_MESSAGES } from './shared-messages.js';
import { buildRequiredText } from './text-fields.js';

/**
 * The firm's billing profile (issue 23, docs/billing.md): who its invoices say supplies the service, and
 * how a client pays. Its MPC's; the bank account is sealed at rest and answered masked.
 */

export const { values: GST_REGISTRATIONS, labels: GST_REGISTRATION_LABELS } = defineLabelledChoices({
  regular: 'Registered (regular)',
  composition: 'Registered (composition scheme)',
  unregistered: 'Not registered for GST',
} satisfies Record<GstRegistration, string>);

export const BILLING_PROFILE_MESSAGES = {
  fetched: 'Billing profile fetched successfully.',
  saved: 'Billing profile saved.',
  legalNameRequired: 'Enter the legal name invoices carry.',
  legalNameTooLong: 'The legal name may not be longer than 150 characters.',
  addressRequired: 'Enter the address invoices carry.',
  addressTooLong: 'The address may not be longer than 500 characters.',
  stateInvalid: 'Choose a state or union territory.',
  registrationInvalid: 'Choose regular, composition or not registered.',
  gstinRequired: 'A registered firm enters its GSTIN.',
  gstinInvalid: 'Enter a valid GSTIN (its check character did not match).',
  gstinNotOfState: "The GSTIN's first two digits are not the state's GST code.",
  gstinWhenUnregistered: 'A firm not registered for GST has no GSTIN.',
  panInvalid: SHARED_MESSAGES.panInvalid,
  panNotOfGstin: 'The PAN is not the one inside the GSTIN.',
  prefixInvalid: 'Use one to five capital letters or digits (e.g. INV).',
  accountInvalid: 'Enter a bank account number of 9 to 18 digits.',
  ifscInvalid: 'Enter a valid IFSC (e.g. HDFC0001234).',
  vpaInvalid: 'Enter a UPI id such as firmname@okbank.',
  shortTextTooLong: 'This may not be longer than 100 characters.',
  termsTooLong: 'Terms may not be longer than 1000 characters.',
  signatoryRequired: 'Enter who signs the invoices.',
  eInvoicingInvalid: 'Say whether e-invoicing applies.',
  advocatesInvalid: 'Say whether the firm is of advocates.',
} as const;
const M = BILLING_PROFILE_MESSAGES;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();
const capitals = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((text) => text.toUpperCase())
    .refine((text) => pattern.test(text), message);

/** `PUT /api/billing/profile`. `bank_account` absent keeps the stored one, null removes it. */
export const billingProfileSchema = z
  .strictObject({
    legal_name: buildRequiredText(M.legalNameRequired, M.legalNameTooLong, 150),
    address: buildRequiredText(M.addressRequired, M.addressTooLong, 500),
    state: z.string({ error: M.stateInvalid }).transform((name, context) => {
      const state = findIndianState(name);
      if (!state) context.addIssue({ code: 'custom', message: M.stateInvalid });
      return state ?? name;
    }),
    registration: z.enum(GST_REGISTRATIONS, { error: M.registrationInvalid }),
    gstin: capitals(/^.{15}$/, M.gstinInvalid)
      .refine(isValidGstin, M.gstinInvalid)
      .nullable()
      .optional(),
    pan: capitals(PAN_PATTERN, M.panInvalid),
    e_invoicing: z.boolean({ error: M.eInvoicingInvalid }),
    /** A firm of advocates: its legal services to a business are billed under reverse charge. */
    advocates: z.boolean({ error: M.advocatesInvalid }).default(false),
    invoice_prefix: capitals(INVOICE_PREFIX_PATTERN, M.prefixInvalid),
    bank_name: optionalText(100, M.shortTextTooLong),
    bank_account: z
      .string({ error: M.accountInvalid })
      .transform((text) => text.replace(/[\s-]/g, ''))
      .refine((digits) => /^\d{9,18}$/.test(digits), M.accountInvalid)
      .nullable()
      .optional(),
    ifsc: capitals(/^[A-Z]{4}0[A-Z0-9]{6}$/, M.ifscInvalid)
      .nullable()
      .optional(),
    upi_vpa: z
      .string({ error: M.vpaInvalid })
      .trim()
      .refine((vpa) => vpa === '' || /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/.test(vpa), M.vpaInvalid)
      .transform((vpa) => (vpa === '' ? null : vpa))
      .nullable()
      .optional(),
    upi_payee: optionalText(100, M.shortTextTooLong),
    terms: optionalText(1000, M.termsTooLong),
    signatory: buildRequiredText(M.signatoryRequired, M.shortTextTooLong, 100),
  })
  .superRefine((profile, context) => {
    const gstin = profile.gstin ?? null;
    if (profile.registration === 'unregistered') {
      if (gstin) context.addIssue({ code: 'custom', path: ['gstin'], message: M.gstinWhenUnregistered });
      return;
    }
    if (!gstin) return context.addIssue({ code: 'custom', path: ['gstin'], message: M.gstinRequired });
    const code = GST_STATE_CODES[profile.state as keyof typeof GST_STATE_CODES];
    if (code && !gstin.startsWith(code))
      context.addIssue({ code: 'custom', path: ['gstin'], message: M.gstinNotOfState });
    if (panOfGstin(gstin) !== profile.pan)
      context.addIssue({ code: 'custom', path: ['pan'], message: M.panNotOfGstin });
  });
export type BillingProfileSave = z.output<typeof billingProfileSchema>;

/** The profile as answered: the bank account masked to its last four digits. */
export const billingProfileAnswerSchema = z.object({
  legal_name: z.string(),
  address: z.string(),
  state: z.string(),
  registration: z.enum(GST_REGISTRATIONS),
  gstin: z.string().nullable(),
  pan: z.string(),
  e_invoicing: z.boolean(),
  advocates: z.boolean(),
  invoice_prefix: z.string(),
  bank_name: z.string().nullable().optional(),
  ifsc: z.string().nullable().optional(),
  upi_vpa: z.string().nullable().optional(),
  upi_payee: z.string().nullable().optional(),
  terms: z.string().nullable().optional(),
  signatory: z.string(),
  bank_account_masked: z.string().nullable(),
  updated_at: z.string(),
});
export type BillingProfile = z.infer<typeof billingProfileAnswerSchema>;

export const BILLING_PROFILE_PATH = '/billing/profile';
