import { describe, expect, it } from 'vitest';
import { newPaymentValues, newReceiptValues, toPaymentBody, toReceiptBody } from './receipt-form-values';

// 27/11/2026 in India (still the 26th in UTC until 05:30).
const NOW = new Date('2026-11-27T06:00:00Z');

describe('payment values', () => {
  it('start today in India, by UPI, with the amount given (a receipt: none, nothing allocated)', () => {
    expect(newPaymentValues('1,500.00', NOW)).toEqual({
      receipt_date: '27/11/2026',
      amount: '1,500.00',
      tds: '',
      mode: 'upi',
      reference: '',
      notes: '',
    });
    expect(newReceiptValues(NOW)).toEqual({ client_id: '', ...newPaymentValues('', NOW), rows: [] });
  });

  it('become the body in paise with the ISO date, empty text as none, alike on a payment and a receipt', () => {
    const typed = { ...newPaymentValues('1500', NOW), tds: '150.50', reference: 'UTR1', notes: ' ' };
    const payment = {
      receipt_date: '2026-11-27',
      amount_paise: 150_000,
      tds_paise: 15_050,
      mode: 'upi',
      reference: 'UTR1',
      notes: null,
    };
    expect(toPaymentBody(typed)).toEqual(payment);
    expect(toPaymentBody({ ...typed, amount: 'abc', receipt_date: '31/02/2026' })).toMatchObject({
      amount_paise: -1,
      receipt_date: '31/02/2026',
    });
    expect(
      toReceiptBody({
        ...typed,
        client_id: '9',
        rows: [
          { invoice_id: 3, amount: '1000' },
          { invoice_id: 4, amount: '' },
        ],
      }),
    ).toEqual({ client_id: 9, ...payment, allocations: [{ invoice_id: 3, amount_paise: 100_000 }] });
  });
});
