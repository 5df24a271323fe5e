import type { InvoiceRow } from './invoices.repository.js';

/**
 * What the client still owes on the invoice, in paise: for now its total (receipts are not recorded
 * yet); the one place to switch to the balance the receipts leave (the PDF's QR and `upi_link` follow).
 */
export function balanceDueOf(invoice: Pick<InvoiceRow, 'total_paise'>): number {
  return invoice.total_paise;
}
