import { describe, expect, it } from 'vitest';
import { buildUpiPayLink, findInvoiceUpiLink, formatUpiAmount } from './billing-upi.js';

const PROFILE = { upi_vpa: 'shahco@okhdfc', upi_payee: 'Shah & Co', legal_name: 'Shah & Co, CAs' };
const ISSUED = { status: 'issued', number: 'INV/2026-27/0001' };

describe('the UPI payment link', () => {
  it.each([
    [1, '0.01'],
    [100, '1.00'],
    [1_121_000, '11210.00'],
    [123_456_789, '1234567.89'],
  ])('writes %i paise as %s rupees', (paise, text) => expect(formatUpiAmount(paise)).toBe(text));

  it('refuses an amount that is not payable', () => {
    for (const paise of [0, -100, 1.5]) expect(() => formatUpiAmount(paise)).toThrow(RangeError);
  });

  it('encodes every value: spaces, ampersands and slashes cannot start another parameter', () => {
    const link = buildUpiPayLink({
      vpa: 'shahco@okhdfc',
      payee: 'Shah & Co',
      amountPaise: 1_121_000,
      note: ISSUED.number,
    });
    expect(link).toBe('upi://pay?pa=shahco@okhdfc&pn=Shah%20%26%20Co&am=11210.00&tn=INV%2F2026-27%2F0001&cu=INR');
    const pairs = link
      .slice('upi://pay?'.length)
      .split('&')
      .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]);
    expect(Object.fromEntries(pairs)).toEqual({
      pa: 'shahco@okhdfc',
      pn: 'Shah & Co',
      am: '11210.00',
      tn: 'INV/2026-27/0001',
      cu: 'INR',
    });
  });

  it("names the firm's legal name when the profile has no payee", () => {
    expect(findInvoiceUpiLink({ ...PROFILE, upi_payee: null }, ISSUED, 500)).toContain('pn=Shah%20%26%20Co%2C%20CAs');
  });

  it('gives no link without a UPI id, with nothing due, for a draft or a cancelled invoice', () => {
    expect(findInvoiceUpiLink(PROFILE, ISSUED, 500)).toMatch(/^upi:\/\/pay\?/);
    expect(findInvoiceUpiLink({ ...PROFILE, upi_vpa: null }, ISSUED, 500)).toBeNull();
    expect(findInvoiceUpiLink(PROFILE, ISSUED, 0)).toBeNull();
    expect(findInvoiceUpiLink(PROFILE, { status: 'draft', number: null }, 500)).toBeNull();
    expect(findInvoiceUpiLink(PROFILE, { ...ISSUED, status: 'cancelled' }, 500)).toBeNull();
  });
});
