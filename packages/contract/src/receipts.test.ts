import { describe, expect, it } from 'vitest';
import { RECEIPT_MESSAGES as M, receiptCreateSchema, tdsSectionOn } from './receipts.js';

const RECEIPT = { client_id: 7, receipt_date: '2026-04-01', amount_paise: 1_000_000, mode: 'neft', reference: 'UTR1' };
const errorsOf = (body: object) =>
  receiptCreateSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('receipts contract', () => {
  it('names the 1961 Act’s section 194J up to 31 March 2026 and the 2025 Act’s section 393 from 1 April', () => {
    expect(tdsSectionOn('2026-03-31')).toBe('Section 194J, Income-tax Act 1961');
    expect(tdsSectionOn('2026-04-01')).toBe('Section 393(1), table serial 6(iii), Income-tax Act 2025');
  });

  it('asks a reference of every mode but cash, and allocations within the amount and the TDS', () => {
    expect(errorsOf(RECEIPT)).toEqual([]);
    expect(errorsOf({ ...RECEIPT, reference: '' })).toEqual([['reference', M.referenceRequired]]);
    expect(errorsOf({ ...RECEIPT, mode: 'cash', reference: null })).toEqual([]);
    // Rs 10,000 received and Rs 1,000 TDS settle at most Rs 11,000.
    const allocations = [{ invoice_id: 1, amount_paise: 1_100_001 }];
    expect(errorsOf({ ...RECEIPT, tds_paise: 100_000, allocations })).toEqual([['allocations', M.allocationsTooLarge]]);
    expect(
      errorsOf({ ...RECEIPT, tds_paise: 100_000, allocations: [{ invoice_id: 1, amount_paise: 1_100_000 }] }),
    ).toEqual([]);
    expect(errorsOf({ ...RECEIPT, amount_paise: 10.5 })).toEqual([['amount_paise', M.amountInvalid]]);
  });
});
