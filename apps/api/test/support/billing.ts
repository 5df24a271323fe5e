import type { ApiCall } from './api-call.js';

/** A billing profile every check lets through: a regular firm in Maharashtra (GSTIN 27..., its PAN inside). */
export const BILLING_PROFILE = {
  legal_name: 'Shah & Co, Chartered Accountants',
  address: '12 Tilak Road, Pune 411002',
  state: 'Maharashtra',
  registration: 'regular',
  gstin: '27AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  e_invoicing: false,
  invoice_prefix: 'INV',
  bank_name: 'HDFC Bank',
  ifsc: 'HDFC0001234',
  upi_vpa: 'shahco@okhdfc',
  upi_payee: 'Shah and Co',
  terms: 'Payable within 15 days.',
  signatory: 'Meera Shah, Partner',
};

/** A line of Rs 10,000 less Rs 500 at 18 %: within Maharashtra, taxable 9,500.00, CGST and SGST 855.00 each, total 11,210.00. */
export const INVOICE_LINE = {
  description: 'GST returns, April 2026',
  sac: '998231',
  quantity: 1,
  rate_paise: 1_000_000,
  discount_paise: 50_000,
  gst_rate_bp: 1800,
};
export const INVOICE_TOTAL = 1_121_000;

/** Drafts (and, unless `draftOnly`, issues) one invoice of `clientId` as the MPC `token`: its id. */
export async function makeInvoice(
  call: ApiCall,
  token: string,
  clientId: number,
  options: { dueDate?: string; draftOnly?: boolean } = {},
): Promise<number> {
  const body = { client_id: clientId, invoice_date: '2026-04-01', due_date: options.dueDate ?? '2026-04-15' };
  const drafted = await call('POST', '/api/invoices', token, { ...body, lines: [INVOICE_LINE] });
  if (drafted.statusCode !== 201) throw new Error(`draft failed: ${drafted.body}`);
  const id = drafted.json().data.id as number;
  if (!options.draftOnly) {
    const issued = await call('POST', `/api/invoices/${id}/issue`, token);
    if (issued.statusCode !== 200) throw new Error(`issue failed: ${issued.body}`);
  }
  return id;
}
