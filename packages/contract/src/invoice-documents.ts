import { z } from 'zod';
import { isoDateSchema } from './compliance.js';
import { invoiceSchema } from './invoices.js';
import { SHARED_MESSAGES } from './shared-messages.js';

/**
 * An invoice's documents (issue 23, docs/billing.md): its PDF (behind a signed link, as other downloads),
 * the firm's logo it carries, and the e-invoice IRN staff type in when the firm must report B2B invoices
 * to an Invoice Registration Portal (CGST Rules rule 48(4); no IRP is reached from the portal).
 */

export const INVOICE_DOCUMENT_MESSAGES = {
  linkMade: 'Download link made.',
  qrFetched: 'UPI QR fetched successfully.',
  linkInvalid: SHARED_MESSAGES.linkInvalid,
  linkExpired: 'This link has expired. Open the invoice again to get a new one.',
  irnSaved: 'E-invoice details saved.',
  irnInvalid: 'Enter the IRN: 64 characters, digits and the letters a to f.',
  ackNumberInvalid: 'Enter the acknowledgement number: 10 to 20 digits.',
  ackDateInvalid: 'Enter the acknowledgement date as yyyy-mm-dd.',
  ackBeforeInvoice: 'The acknowledgement date may not be before the invoice date.',
  ackInFuture: 'The acknowledgement date may not be in the future.',
  irnNotRequired: 'Only an issued invoice to a client with a GSTIN, of a firm that e-invoices, takes an IRN.',
  irnTaken: 'Another invoice of the firm already has this IRN.',
  logoFetched: 'Logo fetched successfully.',
  logoSaved: 'Logo saved.',
  logoRemoved: 'Logo removed.',
  logoNotFound: 'No logo has been uploaded.',
  logoRequired: 'Choose a PNG or JPEG image.',
  logoType: 'The logo must be a PNG or JPEG image.',
  logoTooLarge: 'The logo may be at most 512 KB.',
} as const;
const M = INVOICE_DOCUMENT_MESSAGES;

/** 512 KB: a logo, not a photograph. */
export const MAX_LOGO_BYTES = 512 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];
export const logoMimeTypeSchema = z.enum(LOGO_MIME_TYPES);

/**
 * `PUT /api/billing/profile/logo`: the image as base64 in JSON (a logo is small; its type is read from its
 * bytes, not from what the browser says). Base64 of 512 KB is about 683 KB of text.
 */
export const logoUploadSchema = z.strictObject({
  content_base64: z
    .string({ error: M.logoRequired })
    .trim()
    .min(1, M.logoRequired)
    .max(Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 4, M.logoTooLarge)
    .refine((text) => /^[A-Za-z0-9+/]+={0,2}$/.test(text), M.logoRequired),
});

/** `GET /api/billing/profile/logo`. */
export const billingLogoSchema = z.object({
  mime_type: logoMimeTypeSchema,
  size_bytes: z.number(),
  content_base64: z.string(),
  updated_at: z.string(),
});
export type BillingLogo = z.infer<typeof billingLogoSchema>;

/** `PUT /api/invoices/{id}/irn`: what the IRP answered, typed in by staff. */
export const invoiceIrnSchema = z.strictObject({
  irn: z
    .string({ error: M.irnInvalid })
    .trim()
    .transform((text) => text.toLowerCase())
    .refine((text) => /^[0-9a-f]{64}$/.test(text), M.irnInvalid),
  ack_number: z
    .string({ error: M.ackNumberInvalid })
    .trim()
    .refine((text) => /^\d{10,20}$/.test(text), M.ackNumberInvalid),
  ack_date: isoDateSchema(M.ackDateInvalid),
});
export type InvoiceIrnInput = z.input<typeof invoiceIrnSchema>;

/** What every invoice answer carries of e-invoicing, besides the fields of `Invoice`. */
export const invoiceEInvoiceSchema = z.object({
  /** The firm e-invoices, the invoice is issued and its client has a GSTIN: an IRN is to be obtained. */
  irn_required: z.boolean(),
  irn: z.string().nullable(),
  irn_ack_number: z.string().nullable(),
  irn_ack_date: z.string().nullable(),
});
export type InvoiceEInvoice = z.infer<typeof invoiceEInvoiceSchema>;

/**
 * The `upi://pay` link of the invoice's balance due (`billing-upi.ts`), which the client's page shows as a
 * QR, as the PDF does; null without a UPI id in the profile, with nothing due, or for a draft or cancelled one.
 */
export const invoiceUpiSchema = z.object({ upi_link: z.string().nullable() });

/**
 * An invoice as answers carry it: `Invoice`, with its e-invoicing and its UPI link (which the presenter
 * adds to every invoice; optional here, as the services type their answers `Invoice`).
 */
export const invoiceAnswerSchema = invoiceSchema
  .extend(invoiceEInvoiceSchema.partial().shape)
  .extend(invoiceUpiSchema.partial().shape);
/** `GET /api/invoices`: a page of them, newest first. */
export const invoicePageAnswerSchema = z.object({
  data: z.array(invoiceAnswerSchema),
  next_before: z.number().nullable(),
});
export type InvoiceUpi = z.infer<typeof invoiceUpiSchema>;

/** `GET /api/invoices/{id}/upi-qr`: the balance due's UPI link and its QR as SVG (null: nothing to pay by UPI). */
export const invoiceUpiQrSchema = z.object({ upi_link: z.string().nullable(), svg: z.string().nullable() });
export type InvoiceUpiQr = z.infer<typeof invoiceUpiQrSchema>;

/** `POST /api/invoices/{id}/pdf-link`: a link a browser opens without the session's header. */
export const invoicePdfLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type InvoicePdfLink = z.infer<typeof invoicePdfLinkSchema>;

export const INVOICE_DOCUMENT_PATHS = {
  pdf: (id: number | string) => `/invoices/${id}/pdf`,
  pdfLink: (id: number | string) => `/invoices/${id}/pdf-link`,
  upiQr: (id: number | string) => `/invoices/${id}/upi-qr`,
  irn: (id: number | string) => `/invoices/${id}/irn`,
  logo: '/billing/profile/logo',
} as const;

/** The PDF's file name: the invoice number with its slashes made dashes (`INV-2026-27-0001.pdf`). */
export function invoicePdfFileName(invoice: { id: number; number: string | null }): string {
  return invoice.number ? `${invoice.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf` : `draft-invoice-${invoice.id}.pdf`;
}
