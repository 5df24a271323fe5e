import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * What an invoice still asks of its client: its total less what receipts paid, the TDS the client
 * deducted and its credit notes (the columns receipts and credit notes keep, migration 0048). The summary's
 * outstanding, the reminders and the overdue filter all read this one expression.
 */
export function invoiceBalance(_eb: ExpressionBuilder<DB, 'invoices'>) {
  return sql<number>`(invoices.total_paise - invoices.paid_paise - invoices.tds_paise - invoices.credited_paise)`;
}

/**
 * What the client still owes on one invoice read, in paise (the answer's `balance_paise`, the PDF's
 * "Balance due" and its UPI QR): the same sum as `invoiceBalance`; none for a draft or a cancelled one.
 */
export function balanceDueOf(invoice: {
  status: string;
  total_paise: number;
  paid_paise: number;
  tds_paise: number;
  credited_paise: number;
}): number {
  if (invoice.status === 'draft' || invoice.status === 'cancelled') return 0;
  return invoice.total_paise - invoice.paid_paise - invoice.tds_paise - invoice.credited_paise;
}

/** The invoice statuses that still ask for money: issued and partly paid. */
export const UNPAID_STATUSES = ['issued', 'partly_paid'] as const;

/**
 * What the firm collected on receipts dated from `from` to `to` (India dates), in paise: the money and the
 * TDS the clients deducted (which the firm claims as tax paid), advances included; cancelled receipts none.
 */
export async function sumCollected(db: Kysely<DB>, firmId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('receipts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(sql`amount_paise + tds_paise`), sql<number>`0`).as('collected'))
    .where('firm_id', '=', firmId)
    .where('receipt_date', '>=', from)
    .where('receipt_date', '<=', to)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.collected ?? 0);
}

/**
 * What the firm collected by a report's key, in paise: by the receipt's month (`2026-04`, advances
 * included), or by the service or assignee of the first line of the invoice each allocation settled (the
 * TDS share included; what a credit note gave back taken off; an advance not yet applied has no service).
 */
export async function listCollectedBy(
  db: Kysely<DB>,
  firmId: number,
  range: { from: string; to: string },
  by: 'month' | 'service' | 'assignee',
): Promise<Map<string, number>> {
  const inRange = sql`r.firm_id = ${firmId} and r.status = 'active'
    and r.receipt_date >= ${range.from} and r.receipt_date <= ${range.to}`;
  const query: RawBuilder<{ key: string | number | null; collected: number }> =
    by === 'month'
      ? sql`select substr(r.receipt_date, 1, 7) as key, sum(r.amount_paise + r.tds_paise) as collected
          from receipts r where ${inRange} group by substr(r.receipt_date, 1, 7)`
      : sql`select ${by === 'service' ? sql`coalesce(w.service_id, p.service_id)` : sql`w.assignee_id`} as key,
            sum(a.amount_paise) as collected
          from receipt_allocations a
          join receipts r on r.id = a.receipt_id
          join invoice_lines l on l.invoice_id = a.invoice_id
            and l.position = (select min(first.position) from invoice_lines first where first.invoice_id = a.invoice_id)
          left join work_items w on w.id = (select min(bw.work_item_id) from invoice_billed_work bw where bw.line_id = l.id)
          left join invoice_billed_periods p on p.line_id = l.id
          where ${inRange}
          group by ${by === 'service' ? sql`coalesce(w.service_id, p.service_id)` : sql`w.assignee_id`}`;
  const { rows } = await query.execute(db);
  return new Map(rows.filter((row) => row.key !== null).map((row) => [String(row.key), Number(row.collected)]));
}
