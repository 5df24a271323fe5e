import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import { insertRow } from '../../db/insert-new-rows.js';
import { joinPersonName } from '../../db/person-name.js';
import type { DB, ReceiptAllocationsTable, ReceiptsTable } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';

export type ReceiptRow = Selectable<ReceiptsTable> & { client_first_name: string; client_last_name: string | null };
type AllocationValues = Omit<Insertable<ReceiptAllocationsTable>, 'id'>;

function selectReceipts(db: Kysely<DB>) {
  return db
    .selectFrom('receipts')
    .selectAll('receipts')
    .$call(joinPersonName('client', 'receipts.client_id', 'inner'));
}

/** One receipt, of the firm or (a client reading its own) of the client. */
export function findReceiptWithin(
  db: Kysely<DB>,
  within: { firmId: number } | { clientId: number },
  id: number,
): Promise<ReceiptRow | undefined> {
  const query = selectReceipts(db).where('receipts.id', '=', id);
  return (
    'firmId' in within
      ? query.where('receipts.firm_id', '=', within.firmId)
      : query.where('receipts.client_id', '=', within.clientId)
  ).executeTakeFirst();
}

/**
 * A page of receipts, newest first, by keyset: the firm's (`receipts_firm_index`) or one client's
 * (`receipts_client_index`, within the firm when staff read it).
 */
export function listReceiptsWithin(
  db: Kysely<DB>,
  within: { firmId?: number; clientId?: number },
  page: { beforeId: number | null; limit: number },
): Promise<ReceiptRow[]> {
  let query = selectReceipts(db);
  if (within.clientId !== undefined) query = query.where('receipts.client_id', '=', within.clientId);
  if (within.firmId !== undefined) query = query.where('receipts.firm_id', '=', within.firmId);
  if (page.beforeId !== null) query = query.where('receipts.id', '<', page.beforeId);
  return query.orderBy('receipts.id', 'desc').limit(page.limit).execute();
}

/** The allocations of some receipts, oldest first, with the number of the invoice each settles. */
export function listAllocationsOf(db: Kysely<DB>, receiptIds: number[]) {
  if (receiptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('receipt_allocations')
    .innerJoin('invoices', 'invoices.id', 'receipt_allocations.invoice_id')
    .select([
      'receipt_allocations.receipt_id',
      'receipt_allocations.invoice_id',
      'invoices.number as invoice_number',
      'receipt_allocations.amount_paise',
      'receipt_allocations.tds_paise',
      'receipt_allocations.created_at',
    ])
    .where('receipt_allocations.receipt_id', 'in', receiptIds)
    .orderBy('receipt_allocations.receipt_id')
    .orderBy('receipt_allocations.id')
    .execute();
}
export type AllocationRow = Awaited<ReturnType<typeof listAllocationsOf>>[number];

export function insertReceipt(db: Kysely<DB>, values: Omit<Insertable<ReceiptsTable>, 'id'>): Promise<number> {
  return insertRow(db, 'receipts', values);
}

export async function insertAllocation(db: Kysely<DB>, values: AllocationValues): Promise<void> {
  await db.insertInto('receipt_allocations').values(values).execute();
}

/**
 * Moves `amount` of an active receipt between its advance and its allocations (negative: back to the
 * advance), while its advance covers it, checked by the statement that writes it. Whether it did.
 */
export async function allocateFromReceipt(db: Kysely<DB>, receiptId: number, amount: number): Promise<boolean> {
  let query = db
    .updateTable('receipts')
    .set((eb) => ({ allocated_paise: eb('allocated_paise', '+', amount) }))
    .where('id', '=', receiptId)
    .where('status', '=', 'active');
  if (amount > 0) query = query.where(sql<number>`amount_paise + tds_paise - allocated_paise`, '>=', amount);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels an active receipt: whether it was still active (a second cancel at once finds it cancelled). */
export function cancelReceiptRow(
  db: Kysely<DB>,
  id: number,
  values: { cancel_reason: string; cancelled_by: number; updated_at: string },
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('receipts')
      .set({ ...values, status: 'cancelled' })
      .where('id', '=', id)
      .where('status', '=', 'active'),
  );
}

/** What one receipt (or, with `invoiceId`, each active receipt of an invoice) holds of the invoices, net. */
export function sumAllocations(db: Kysely<DB>, by: { receiptId: number } | { invoiceId: number }) {
  let query = db
    .selectFrom('receipt_allocations')
    .innerJoin('receipts', 'receipts.id', 'receipt_allocations.receipt_id')
    .select((eb) => [
      'receipt_allocations.receipt_id',
      'receipt_allocations.invoice_id',
      eb.fn.sum<number>('receipt_allocations.amount_paise').as('amount'),
      eb.fn.sum<number>('receipt_allocations.tds_paise').as('tds'),
    ])
    .groupBy(['receipt_allocations.receipt_id', 'receipt_allocations.invoice_id']);
  query =
    'receiptId' in by
      ? query.where('receipt_allocations.receipt_id', '=', by.receiptId)
      : query.where('receipt_allocations.invoice_id', '=', by.invoiceId).where('receipts.status', '=', 'active');
  return query
    .orderBy('receipt_allocations.receipt_id', 'desc')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, amount: Number(row.amount), tds: Number(row.tds) })));
}

/** The invoices' taxable value together (the TDS warning's measure). */
export async function sumTaxableOf(db: Kysely<DB>, invoiceIds: number[]): Promise<number> {
  const rows = await db.selectFrom('invoices').select('taxable_paise').where('id', 'in', invoiceIds).execute();
  return rows.reduce((sum, row) => sum + row.taxable_paise, 0);
}
