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
