import type { Kysely } from 'kysely';
import { chunkIds } from '../../db/id-chunks.js';
import type { DB } from '../../db/schema.js';

/** A client's invoices and credit notes past draft, and its receipts, with the dates that place them in a year. */
export async function listBillingDatesOfClient(db: Kysely<DB>, clientId: number) {
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'invoice_date'])
    .where('client_id', '=', clientId)
    .where('status', '!=', 'draft')
    .orderBy('id')
    .execute();
  const receipts = await db
    .selectFrom('receipts')
    .select(['id', 'receipt_date'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  return { invoices, receipts };
}

export async function deleteDraftInvoicesOf(db: Kysely<DB>, clientId: number): Promise<number> {
  const result = await db
    .deleteFrom('invoices')
    .where('client_id', '=', clientId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteFeesOf(db: Kysely<DB>, clientId: number): Promise<number> {
  const result = await db.deleteFrom('client_service_fees').where('client_id', '=', clientId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Work items about to go: the invoice lines that billed them stop saying so (the invoice itself stays). */
export async function deleteBilledWorkOf(db: Kysely<DB>, workIds: readonly number[]): Promise<void> {
  for (const part of chunkIds(workIds))
    await db.deleteFrom('invoice_billed_work').where('work_item_id', 'in', part).execute();
}

/**
 * Deletes invoices and receipts whose period of retention ended: first whatever else points at them (an
 * allocation from a receipt of a later year, a credit note of a later year naming the invoice it reduced),
 * then the rows; lines, billed periods and allocations of a receipt go with their parents.
 */
export async function deleteInvoicesAndReceipts(
  db: Kysely<DB>,
  ids: { invoiceIds: readonly number[]; receiptIds: readonly number[] },
): Promise<void> {
  for (const part of chunkIds(ids.invoiceIds)) {
    await db
      .deleteFrom('receipt_allocations')
      .where((eb) => eb.or([eb('invoice_id', 'in', part), eb('credit_note_id', 'in', part)]))
      .execute();
    await db.updateTable('invoices').set({ credit_of: null }).where('credit_of', 'in', part).execute();
  }
  for (const part of chunkIds(ids.receiptIds)) await db.deleteFrom('receipts').where('id', 'in', part).execute();
  for (const part of chunkIds(ids.invoiceIds)) await db.deleteFrom('invoices').where('id', 'in', part).execute();
}
