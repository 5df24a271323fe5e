import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

/** Statuses an issued invoice moves between as it is settled. */
export const SETTLEABLE = ['issued', 'partly_paid', 'paid'] as const;

/** What is left to pay of an invoice, as SQL over its own columns. */
const balanceOf = sql<number>`total_paise - paid_paise - tds_paise - credited_paise`;

/**
 * Adds to what settled one of the client's issued invoices (negative amounts take back), raising its version.
 * An addition lands only while the balance covers it, checked by the statement that writes it: on
 * PostgreSQL a second receipt at once waits for the first's row lock and then finds the balance gone.
 * Whether it landed.
 */
export async function settleInvoice(
  db: Kysely<DB>,
  target: { invoiceId: number; clientId: number },
  change: { paid: number; tds: number },
): Promise<boolean> {
  const settled = change.paid + change.tds;
  let query = db
    .updateTable('invoices')
    .set((eb) => ({
      paid_paise: eb('paid_paise', '+', change.paid),
      tds_paise: eb('tds_paise', '+', change.tds),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', target.invoiceId)
    .where('client_id', '=', target.clientId)
    .where('kind', '=', 'invoice')
    .where('status', 'in', [...SETTLEABLE]);
  if (settled > 0) query = query.where(balanceOf, '>=', settled);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await refreshInvoiceStatus(db, target.invoiceId);
  return true;
}

/** Adds a credit note's total to the invoice, while what is left of its value covers it. Whether it did. */
export function creditInvoice(db: Kysely<DB>, invoiceId: number, totalPaise: number): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('invoices')
      .set((eb) => ({ credited_paise: eb('credited_paise', '+', totalPaise), version: eb('version', '+', 1) }))
      .where('id', '=', invoiceId)
      .where('kind', '=', 'invoice')
      .where('status', 'in', [...SETTLEABLE])
      .where(sql<number>`total_paise - credited_paise`, '>=', totalPaise),
  );
}

/** Issued, partly paid or paid, by what is left: nothing left is paid (settled by money, TDS or credit). */
export async function refreshInvoiceStatus(db: Kysely<DB>, invoiceId: number): Promise<void> {
  await db
    .updateTable('invoices')
    .set({
      status: sql<string>`case when ${balanceOf} <= 0 then 'paid'
        when paid_paise + tds_paise > 0 then 'partly_paid' else 'issued' end`,
    })
    .where('id', '=', invoiceId)
    .where('status', 'in', [...SETTLEABLE])
    .execute();
}

/** The invoice's settled sums as they are now (inside the caller's transaction). */
export function readSettlement(db: Kysely<DB>, invoiceId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'total_paise', 'taxable_paise', 'paid_paise', 'tds_paise', 'credited_paise'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow();
}

/** What the invoice's credit notes took off its taxable value so far, by GST rate. */
export async function sumCreditedTaxableByRate(db: Kysely<DB>, invoiceId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('invoice_lines')
    .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
    .select(['invoice_lines.gst_rate_bp', (eb) => eb.fn.sum<number>('invoice_lines.taxable_paise').as('taxable')])
    .where('invoices.credit_of', '=', invoiceId)
    .groupBy('invoice_lines.gst_rate_bp')
    .execute();
  return new Map(rows.map((row) => [Number(row.gst_rate_bp), Number(row.taxable)]));
}

/** The SAC and GST rate of each of the invoice's lines, in order. */
export function listLineRatesOf(db: Kysely<DB>, invoiceId: number) {
  return db
    .selectFrom('invoice_lines')
    .select(['sac', 'gst_rate_bp', 'taxable_paise'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
}

/**
 * A transaction that locks an invoice and a receipt: a credit note locks the invoice then its receipts,
 * a receipt's cancel or apply the receipt then its invoices, so on PostgreSQL two at once on the same pair
 * may deadlock. The database then rolls one back whole; its caller is told it changed meanwhile (409).
 */
export async function runSettling<T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  onDeadlock: () => never,
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '40P01') onDeadlock();
    throw error;
  }
}
