import type { Invoice } from '@portal/contract/invoices';
import { describe, expect, it } from 'vitest';
import { toInvoiceBody, toInvoiceValues } from './invoice-form-values';

/** What a save sends of a line. */
const SENT_LINE = {
  description: 'ITR · Apr 2026',
  sac: '998232',
  quantity: 1,
  rate_paise: 150_050,
  discount_paise: 0,
  gst_rate_bp: 1800,
  work_item_ids: [41],
  period: { service_id: 3, period_key: '2026-04' },
};
/** The line as a draft holds it: the same, with its id and the amounts the server worked out. */
const LINE = {
  id: 7,
  ...SENT_LINE,
  taxable_paise: 150_050,
  cgst_paise: 13_505,
  local_paise: 13_505,
  igst_paise: 0,
};

describe('the invoice editor’s values', () => {
  it('keep what a draft from Ready to bill bills (its work items and its period) through a save', () => {
    const draft = { client_id: 9, invoice_date: '2026-04-01', due_date: '2026-04-16', notes: null, lines: [LINE] };
    const body = toInvoiceBody(toInvoiceValues(draft as unknown as Invoice));
    expect(body.lines).toEqual([SENT_LINE]);
    expect(body).toMatchObject({ client_id: 9, invoice_date: '2026-04-01', due_date: '2026-04-16' });
  });

  it('reads typed rupees as paise, an empty discount as none and a mistyped rate as no amount', () => {
    const values = toInvoiceValues(undefined, new Date('2026-04-01T09:00:00Z'));
    const first = values.lines[0] as (typeof values.lines)[number];
    expect(values).toMatchObject({ invoice_date: '01/04/2026', due_date: '16/04/2026' });
    const [line] = toInvoiceBody({ ...values, lines: [{ ...first, rate: '1,500.5', discount: '' }] }).lines;
    expect(line).toMatchObject({ rate_paise: 150_050, discount_paise: 0, period: null });
    const [wrong] = toInvoiceBody({ ...values, lines: [{ ...first, rate: '12.345' }] }).lines;
    expect(wrong?.rate_paise).toBe(-1);
  });
});
