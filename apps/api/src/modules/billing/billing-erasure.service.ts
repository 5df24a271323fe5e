import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  deleteBilledWorkOf,
  deleteDraftInvoicesOf,
  deleteFeesOf,
  deleteInvoicesAndReceipts,
  listBillingDatesOfClient,
} from './billing-erasure.repository.js';

/**
 * Billing's part of erasing a client (the `retention` module, issue 25): issued invoices, credit notes and
 * receipts are the firm's GST records and stay until their period ends; drafts and agreed fees go at once.
 */
export function listBillingOfClientForRetention(db: Kysely<DB>, clientId: number) {
  return listBillingDatesOfClient(db, clientId);
}

export async function eraseUnissuedBillingOf(
  db: Kysely<DB>,
  clientId: number,
): Promise<{ drafts: number; fees: number }> {
  return { drafts: await deleteDraftInvoicesOf(db, clientId), fees: await deleteFeesOf(db, clientId) };
}

/** Before work items of an erased client go: the invoices that billed them no longer point at them. */
export function unlinkBilledWork(db: Kysely<DB>, workIds: readonly number[]): Promise<void> {
  return deleteBilledWorkOf(db, workIds);
}

/** Invoices and receipts of an erased client whose period of retention ended. */
export function deleteBillingRecords(
  db: Kysely<DB>,
  ids: { invoiceIds: readonly number[]; receiptIds: readonly number[] },
): Promise<void> {
  return deleteInvoicesAndReceipts(db, ids);
}
