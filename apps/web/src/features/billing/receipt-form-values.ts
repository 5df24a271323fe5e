import { parseRupees } from '@portal/contract/billing-money';
import type { Invoice } from '@portal/contract/invoices';
import { formatIndianDate, indianDateOf, parseIndianDate } from '@portal/contract/plain-dates';
import type { ReceiptCreate, ReceiptMode } from '@portal/contract/receipts';

/** One open invoice of the client as the form holds it: the amount typed against it (empty: none). */
export type AllocationValues = { invoice_id: number; amount: string };

/** A payment as typed: on a receipt, and on "Record a payment" of one invoice. */
export type PaymentValues = {
  receipt_date: string;
  amount: string;
  tds: string;
  mode: string;
  reference: string;
  notes: string;
};

export type ReceiptValues = PaymentValues & {
  client_id: string;
  /** The client's open invoices in the order shown; the body's `allocations` are the rows with an amount. */
  rows: AllocationValues[];
};

/** A payment dated today in India, paid by UPI (the commonest), of `amount` (typed rupees) unless empty. */
export function newPaymentValues(amount = '', now = new Date()): PaymentValues {
  return { receipt_date: formatIndianDate(indianDateOf(now)), amount, tds: '', mode: 'upi', reference: '', notes: '' };
}

/** A new receipt dated today in India, paid by UPI, nothing allocated yet. */
export function newReceiptValues(now = new Date()): ReceiptValues {
  return { client_id: '', ...newPaymentValues('', now), rows: [] };
}

/** Rupees typed as paise: empty is none, text that is not an amount -1 for the schema to refuse. */
export const typedPaise = (text: string) => (text.trim() === '' ? 0 : (parseRupees(text) ?? -1));

const textOrNull = (text: string) => (text.trim() === '' ? null : text);

/** The payment as the contract has it: paise, the ISO date (left as typed when not a date), empty text as none. */
export function toPaymentBody(values: PaymentValues) {
  return {
    receipt_date: parseIndianDate(values.receipt_date) ?? values.receipt_date,
    amount_paise: typedPaise(values.amount),
    tds_paise: typedPaise(values.tds),
    mode: values.mode as ReceiptMode,
    reference: textOrNull(values.reference),
    notes: textOrNull(values.notes),
  };
}

/** The rows with an amount typed, in order: the body's allocations (their index is the error's path). */
export const allocatedRows = (rows: AllocationValues[]) => rows.filter((row) => row.amount.trim() !== '');

/** The values as the contract's receipt: paise, the ISO date (left as typed when not a date), the allocations. */
export function toReceiptBody(values: ReceiptValues): ReceiptCreate {
  return {
    client_id: values.client_id === '' ? 0 : Number(values.client_id),
    ...toPaymentBody(values),
    allocations: allocatedRows(values.rows).map((row) => ({
      invoice_id: row.invoice_id,
      amount_paise: typedPaise(row.amount),
    })),
  };
}

/** What is left of amount + TDS once the typed allocations are taken: the client's advance (never shown below 0). */
export function computeAdvance(values: Pick<ReceiptValues, 'amount' | 'tds' | 'rows'>): number {
  const paise = (text: string) => Math.max(typedPaise(text), 0);
  const allocated = values.rows.reduce((sum, row) => sum + paise(row.amount), 0);
  return Math.max(paise(values.amount) + paise(values.tds) - allocated, 0);
}

/** The rows of a client's open invoices, nothing typed yet. */
export const rowsOf = (invoices: Invoice[]): AllocationValues[] =>
  invoices.map((invoice) => ({ invoice_id: invoice.id, amount: '' }));
