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

/** An invoice line of Rs 10,000 less Rs 500 at 18 %: Rs 9,500 taxable, Rs 1,710 of tax. */
export const INVOICE_LINE = {
  description: 'GST returns, April 2026',
  sac: '998231',
  quantity: 1,
  rate_paise: 1_000_000,
  discount_paise: 50_000,
  gst_rate_bp: 1800,
};
