/**
 * The UPI payment link an invoice's QR code carries (issue 23, docs/billing.md): the NPCI "UPI Linking
 * Specification" deep link `upi://pay?pa=<VPA>&pn=<payee>&am=<rupees>&tn=<note>&cu=INR`. Written once
 * here because the server draws it into the PDF and the web client shows the same QR.
 */

/** A query value percent-encoded (RFC 3986); `@` stays as is, being allowed in a query and in every VPA. */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

/** Rupees with exactly two decimals, from whole paise: 123456 paise is "1234.56". */
export function formatUpiAmount(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise <= 0) throw new RangeError(`not a payable amount: ${paise}`);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

export type UpiPayment = {
  /** The payee's UPI id (VPA), e.g. `shahco@okhdfc`. */
  vpa: string;
  /** The name the payer's app shows. */
  payee: string;
  amountPaise: number;
  /** The transaction note: the invoice number. */
  note: string;
};

/** The `upi://pay` link for one payment, each value encoded. */
export function buildUpiPayLink(payment: UpiPayment): string {
  const query = [
    ['pa', payment.vpa.trim()],
    ['pn', payment.payee.trim()],
    ['am', formatUpiAmount(payment.amountPaise)],
    ['tn', payment.note],
    ['cu', 'INR'],
  ]
    .map(([key, value]) => `${key}=${encodeQueryValue(value as string)}`)
    .join('&');
  return `upi://pay?${query}`;
}

/**
 * The link for an invoice's balance, or null when there is nothing to pay by UPI: no UPI id in the
 * profile, nothing due, or an invoice that is no demand for payment (a draft has no number, a cancelled
 * one is void).
 */
export function findInvoiceUpiLink(
  profile: { upi_vpa: string | null; upi_payee: string | null; legal_name: string },
  invoice: { status: string; number: string | null },
  balancePaise: number,
): string | null {
  if (!profile.upi_vpa || !invoice.number || balancePaise <= 0) return null;
  if (invoice.status === 'draft' || invoice.status === 'cancelled') return null;
  return buildUpiPayLink({
    vpa: profile.upi_vpa,
    payee: profile.upi_payee ?? profile.legal_name,
    amountPaise: balancePaise,
    note: invoice.number,
  });
}
