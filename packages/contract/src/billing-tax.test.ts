import { describe, expect, it } from 'vitest';
import { formatRupees, roundToRupee, rupeesInWords } from './billing-money.js';
import { financialYearOf, formatInvoiceNumber, isRule46Number } from './billing-numbers.js';
import {
  computeInvoiceTotals,
  decideInvoiceSupply,
  decideSupply,
  GST_STATE_CODES,
  locateClient,
  placeOfSupplyOf,
} from './billing-tax.js';
import { INDIAN_STATES } from './indian-states.js';

const regular = (firmState: string, clientState: string | null, reverseCharge = false) =>
  decideSupply({ registration: 'regular', firmState, clientState, reverseCharge });
const line = (quantity: number, ratePaise: number, discountPaise = 0, gstRateBp = 1800) => ({
  quantity,
  ratePaise,
  discountPaise,
  gstRateBp,
});

describe('money in Indian form', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [99_900, '₹999.00'],
    [100_000, '₹1,000.00'],
    [123_456_750, '₹12,34,567.50'],
    [1_234_567_890_12, '₹1,23,45,67,890.12'],
    [-150_000, '-₹1,500.00'],
  ])('%i paise read %s', (paise, text) => expect(formatRupees(paise)).toBe(text));

  it.each([
    [100, 'Rupees One Only'],
    [1_100, 'Rupees Eleven Only'],
    [123_456_750, 'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Fifty Paise Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [1_250_000_000_05, 'Rupees One Hundred Twenty-Five Crore and Five Paise Only'],
    [12_500_000_005, 'Rupees Twelve Crore Fifty Lakh and Five Paise Only'],
    [11_210_00, 'Rupees Eleven Thousand Two Hundred Ten Only'],
    [0, 'Rupees Zero Only'],
  ])('%i paise in words: %s', (paise, words) => expect(rupeesInWords(paise)).toBe(words));

  it('rounds a total to the rupee, fifty paise up (CGST Act s.170), with its round-off', () => {
    expect(roundToRupee(786_666)).toEqual({ total: 786_700, roundOff: 34 });
    expect(roundToRupee(786_650)).toEqual({ total: 786_700, roundOff: 50 });
    expect(roundToRupee(786_649)).toEqual({ total: 786_600, roundOff: -49 });
    expect(roundToRupee(786_600)).toEqual({ total: 786_600, roundOff: 0 });
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => formatRupees(10.5)).toThrow(RangeError);
    expect(() => rupeesInWords(-100)).toThrow(RangeError);
  });
});

describe('the tax an invoice bears', () => {
  it('gives every state and union territory its GST code', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...INDIAN_STATES].sort());
    expect(GST_STATE_CODES.Maharashtra).toBe('27');
    expect(GST_STATE_CODES['Andhra Pradesh']).toBe('37');
    expect(GST_STATE_CODES['Dadra and Nagar Haveli and Daman and Diu']).toBe('26');
  });

  it('places a service where its recipient is, or the firm when the client has no state (IGST Act s.12(2))', () => {
    expect(placeOfSupplyOf('karnataka', 'Maharashtra')).toBe('Karnataka');
    expect(placeOfSupplyOf(null, 'Maharashtra')).toBe('Maharashtra');
    expect(placeOfSupplyOf('Orissa', 'Maharashtra')).toBe('Odisha');
  });

  it('within a state: CGST and SGST at half the rate each (worked: 9,500.00 at 18 %)', () => {
    const supply = regular('Maharashtra', 'Maharashtra');
    expect(supply.kind).toBe('intra_state');
    // 1 × 10,000.00 less 500.00 = 9,500.00; 9 % = 855.00 a head; 11,210.00 in all.
    expect(computeInvoiceTotals(supply, [line(1, 1_000_000, 50_000)])).toEqual({
      lines: [{ taxable: 950_000, cgst: 85_500, local: 85_500, igst: 0 }],
      taxable: 950_000,
      cgst: 85_500,
      local: 85_500,
      igst: 0,
      reverseChargeTax: 0,
      roundOff: 0,
      total: 1_121_000,
    });
  });

  it('between states: IGST at the rate, the total rounded (worked: 2 × 3,333.33 at 18 %)', () => {
    const supply = regular('Maharashtra', 'Karnataka');
    expect(supply).toMatchObject({ kind: 'inter_state', placeOfSupply: 'Karnataka' });
    // 6,666.66 × 18 % = 1,199.9988 → 1,200.00; 7,866.66 → 7,867.00 with 0.34 round-off.
    const totals = computeInvoiceTotals(supply, [line(2, 333_333)]);
    expect(totals).toMatchObject({ taxable: 666_666, igst: 120_000, cgst: 0, roundOff: 34, total: 786_700 });
  });

  it('rounds each line and head to the paisa, so the lines add up to the totals', () => {
    const supply = regular('Gujarat', 'Gujarat');
    // 0.05 × 9 % = 0.0045 → 0.00 a head; 3 × 0.37 = 1.11 × 9 % = 0.0999 → 0.10 a head.
    const totals = computeInvoiceTotals(supply, [line(1, 5), line(3, 37)]);
    expect(totals.lines).toEqual([
      { taxable: 5, cgst: 0, local: 0, igst: 0 },
      { taxable: 111, cgst: 10, local: 10, igst: 0 },
    ]);
    expect(totals).toMatchObject({ taxable: 116, cgst: 10, local: 10, roundOff: -36, total: 100 });
  });

  it('a B2C client without a state is billed within the firm’s state', () => {
    expect(regular('Tamil Nadu', null)).toMatchObject({ kind: 'intra_state', placeOfSupply: 'Tamil Nadu' });
  });

  it('within a union territory without a legislature the second head is UTGST', () => {
    expect(regular('Chandigarh', 'Chandigarh').localHead).toBe('UTGST');
    expect(regular('Delhi', 'Delhi').localHead).toBe('SGST');
  });

  it('reverse charge: no tax charged, the recipient’s tax shown apart (legal services to a business)', () => {
    const supply = regular('Delhi', 'Haryana', true);
    expect(supply).toMatchObject({ kind: 'reverse_charge', reverseChargeInterState: true });
    const totals = computeInvoiceTotals(supply, [line(1, 5_000_000)]);
    expect(totals).toMatchObject({ taxable: 5_000_000, cgst: 0, local: 0, igst: 0, total: 5_000_000 });
    expect(totals.reverseChargeTax).toBe(900_000);
  });

  it('a composition firm issues a bill of supply, an unregistered one a plain invoice: no tax', () => {
    for (const registration of ['composition', 'unregistered'] as const) {
      const supply = decideSupply({ registration, firmState: 'Kerala', clientState: 'Kerala', reverseCharge: false });
      expect(supply.kind).toBe(registration === 'composition' ? 'bill_of_supply' : 'no_gst');
      expect(computeInvoiceTotals(supply, [line(1, 250_050)])).toMatchObject({ cgst: 0, igst: 0, total: 250_100 });
    }
  });

  it('refuses a discount larger than the line and a quantity of nothing', () => {
    const supply = regular('Goa', 'Goa');
    expect(() => computeInvoiceTotals(supply, [line(1, 100, 101)])).toThrow(RangeError);
    expect(() => computeInvoiceTotals(supply, [line(0, 100)])).toThrow(RangeError);
  });
});

describe('invoice numbers (CGST Rules rule 46(b))', () => {
  it('starts a new series each April', () => {
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(financialYearOf('2027-04-01')).toBe('2027-28');
    expect(financialYearOf('2099-12-31')).toBe('2099-00');
  });

  it('numbers within sixteen characters, shortening the year for a longer prefix', () => {
    expect(formatInvoiceNumber('INV', '2026-27', 1)).toBe('INV/2026-27/0001');
    expect(formatInvoiceNumber('CN', '2026-27', 12)).toBe('CN/2026-27/0012');
    expect(formatInvoiceNumber('PSF', '2026-27', 10_000)).toBe('PSF/26-27/10000');
    expect(formatInvoiceNumber('ABCDE', '2026-27', 1)).toBe('ABCDE/26-27/0001');
    for (const number of ['INV/2026-27/0001', 'PSF/26-27/10000', 'ABCDE/26-27/0001'])
      expect(isRule46Number(number)).toBe(true);
    expect(isRule46Number('INV/2026-27/00001')).toBe(false);
    expect(isRule46Number('INV#1')).toBe(false);
  });

  it('refuses a prefix outside its form and a serial below one', () => {
    expect(() => formatInvoiceNumber('inv', '2026-27', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('INVOIC', '2026-27', 1)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('INV', '2026-27', 0)).toThrow(RangeError);
  });
});

describe('the supply of an invoice, as the editor shows it and the server stores it', () => {
  const regular = { registration: 'regular' as const, state: 'Maharashtra', advocates: false };
  it('places a registered client by its GSTIN, whatever state its record says', () => {
    expect(decideInvoiceSupply(regular, { state: 'Maharashtra', gstin: '29AAPFU0939F1ZV' }, ['998231'])).toMatchObject({
      kind: 'inter_state',
      placeOfSupply: 'Karnataka',
    });
  });
  it('places an unregistered client by its record, and knows no misspelt state', () => {
    expect(decideInvoiceSupply(regular, { state: 'Maharashtra', gstin: null }, ['998231'])?.kind).toBe('intra_state');
    expect(locateClient({ state: 'Maharastra', gstin: null })).toBe('unknown');
    expect(decideInvoiceSupply(regular, { state: 'Maharastra', gstin: null }, ['998231'])).toBeNull();
  });
  it('bills an advocate firm’s legal services to a business under reverse charge, not to a person or with other lines', () => {
    const advocates = { ...regular, advocates: true };
    const business = { state: null, gstin: '27AAPFU0939F1ZV' };
    expect(decideInvoiceSupply(advocates, business, ['998212', '998213'])?.kind).toBe('reverse_charge');
    expect(decideInvoiceSupply(advocates, business, ['998212', '998231'])?.kind).toBe('intra_state');
    expect(decideInvoiceSupply(advocates, { state: 'Maharashtra', gstin: null }, ['998212'])?.kind).toBe('intra_state');
  });
});
