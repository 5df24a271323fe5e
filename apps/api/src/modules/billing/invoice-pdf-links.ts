import { INVOICE_DOCUMENT_PATHS } from '@portal/contract/invoice-documents';
import { defineSignedLinks } from '../../http/signed-links.js';

// A browser opens the PDF by a plain link (a download, a new tab), without the session's header: the
// link names the user it was made for and lives minutes; who may read the invoice is checked again.
export const INVOICE_PDF_LINK_TTL_SECONDS = 10 * 60;

const INVOICE_PDF_LINKS = defineSignedLinks(
  INVOICE_PDF_LINK_TTL_SECONDS,
  (invoiceId: number, userId, expires) => `invoice-pdf:${invoiceId}:${userId}:${expires}`,
);

/** The PDF's link for one user, and the moment it stops working. */
export function signInvoicePdfLink(
  appKey: string,
  invoiceId: number,
  userId: number,
  now: Date,
): { url: string; expires_at: string } {
  const link = INVOICE_PDF_LINKS.signApiLink(appKey, invoiceId, userId, now, INVOICE_DOCUMENT_PATHS.pdf(invoiceId));
  return { url: link.url, expires_at: link.expiresAt.toISOString() };
}

export const checkInvoicePdfLink = INVOICE_PDF_LINKS.check;
