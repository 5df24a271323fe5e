import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The client's issued invoices (not cancelled ones: they owe nothing) and credit notes, by `invoices_client_index`. */
export function listClientDocuments(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'kind', 'number', 'invoice_date', 'total_paise', 'credit_of'])
    .where('client_id', '=', clientId)
    .where('status', 'not in', ['draft', 'cancelled'])
    .orderBy('id')
    .execute();
}

/** The client's receipts still standing, by `receipts_client_index`. */
export function listClientReceipts(db: Kysely<DB>, clientId: number) {
  return db
    .selectFrom('receipts')
    .select(['id', 'number', 'receipt_date', 'amount_paise', 'tds_paise', 'allocated_paise', 'mode', 'reference'])
    .where('client_id', '=', clientId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

type AgeingBounds = { today: string; day30: string; day60: string; day90: string };

/** The firm's open invoices (`invoices_ageing_index`): issued or partly paid, not credit notes. */
function selectOpenInvoices(db: Kysely<DB>, firmId: number) {
  return db
    .selectFrom('invoices')
    .where('invoices.firm_id', '=', firmId)
    .where('invoices.status', 'in', ['issued', 'partly_paid'])
    .where('invoices.kind', '=', 'invoice');
}

/** What is owed in each bucket of days past the due date, as SQL sums over the open invoices. */
function bucketSums(bounds: AgeingBounds) {
  const balance = sql<number>`invoices.total_paise - invoices.paid_paise - invoices.tds_paise - invoices.credited_paise`;
  const due = sql.ref('invoices.due_date');
  const bucket = (condition: RawBuilder<unknown>) =>
    sql<number>`sum(case when ${condition} then ${balance} else 0 end)`;
  return [
    bucket(sql`${due} > ${bounds.today}`).as('not_due'),
    bucket(sql`${due} <= ${bounds.today} and ${due} >= ${bounds.day30}`).as('days_0_30'),
    bucket(sql`${due} < ${bounds.day30} and ${due} >= ${bounds.day60}`).as('days_31_60'),
    bucket(sql`${due} < ${bounds.day60} and ${due} >= ${bounds.day90}`).as('days_61_90'),
    bucket(sql`${due} < ${bounds.day90}`).as('over_90'),
  ];
}

/** The firm's outstanding in each bucket, all clients together: one statement. */
export function sumAgeingOfFirm(db: Kysely<DB>, firmId: number, bounds: AgeingBounds) {
  return selectOpenInvoices(db, firmId).select(bucketSums(bounds)).executeTakeFirstOrThrow();
}

/**
 * A page of clients' outstanding in each bucket, by client id after `afterId`: grouped and cut to the
 * page first, then the page's names read by primary key (one statement, however many clients owe).
 */
export function sumAgeingByClient(
  db: Kysely<DB>,
  firmId: number,
  bounds: AgeingBounds,
  page: { afterId: number | null; limit: number },
) {
  let grouped = selectOpenInvoices(db, firmId).select(['invoices.client_id', ...bucketSums(bounds)]);
  if (page.afterId !== null) grouped = grouped.where('invoices.client_id', '>', page.afterId);
  const owing = grouped.groupBy('invoices.client_id').orderBy('invoices.client_id').limit(page.limit);
  return db
    .selectFrom(owing.as('owing'))
    .innerJoin('users as client', 'client.id', 'owing.client_id')
    .selectAll('owing')
    .select(['client.first_name', 'client.last_name'])
    .orderBy('owing.client_id')
    .execute();
}
