import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, InvoiceLinesTable, InvoicesTable } from '../../db/schema.js';

export type InvoiceRow = Selectable<InvoicesTable> & {
  client_first_name: string;
  client_last_name: string | null;
  /** The client's GSTIN now (a B2B invoice's recipient) and whether the firm e-invoices (`irn_required`). */
  client_gstin: string | null;
  firm_e_invoicing: number | null;
  /** How the firm is paid by UPI (the answer's `upi_link`), from its profile. */
  firm_legal_name: string | null;
  firm_upi_vpa: string | null;
  firm_upi_payee: string | null;
};
export type InvoiceLineRow = Selectable<InvoiceLinesTable>;
type InvoiceValues = Omit<Insertable<InvoicesTable>, 'id'>;
type LineValues = Omit<Insertable<InvoiceLinesTable>, 'id' | 'invoice_id' | 'position'> & { work_item_ids: number[] };

function selectInvoices(db: Kysely<DB>) {
  return db
    .selectFrom('invoices')
    .innerJoin('users as client', 'client.id', 'invoices.client_id')
    .leftJoin('billing_profiles as profile', 'profile.firm_id', 'invoices.firm_id')
    .selectAll('invoices')
    .select([
      'client.first_name as client_first_name',
      'client.last_name as client_last_name',
      'client.gst_number as client_gstin',
      'profile.e_invoicing as firm_e_invoicing',
      'profile.legal_name as firm_legal_name',
      'profile.upi_vpa as firm_upi_vpa',
      'profile.upi_payee as firm_upi_payee',
    ]);
}

/** One invoice of the firm. */
export function findInvoiceOfFirm(db: Kysely<DB>, firmId: number, id: number): Promise<InvoiceRow | undefined> {
  return selectInvoices(db).where('invoices.id', '=', id).where('invoices.firm_id', '=', firmId).executeTakeFirst();
}

/** A page of the firm's invoices, newest first, by keyset through `invoices_firm_index`. */
export function listInvoicesOfFirm(
  db: Kysely<DB>,
  firmId: number,
  page: { beforeId: number | null; limit: number; status?: string; clientId?: number },
): Promise<InvoiceRow[]> {
  let query = selectInvoices(db).where('invoices.firm_id', '=', firmId);
  if (page.beforeId !== null) query = query.where('invoices.id', '<', page.beforeId);
  if (page.status) query = query.where('invoices.status', '=', page.status);
  if (page.clientId) query = query.where('invoices.client_id', '=', page.clientId);
  return query.orderBy('invoices.id', 'desc').limit(page.limit).execute();
}

/** The lines of some invoices in order, each with the work items it bills. */
export async function listLinesOf(db: Kysely<DB>, invoiceIds: number[]) {
  if (invoiceIds.length === 0)
    return { lines: [] as InvoiceLineRow[], billed: [] as { line_id: number; work_item_id: number }[] };
  const [lines, billed] = await Promise.all([
    db
      .selectFrom('invoice_lines')
      .selectAll()
      .where('invoice_id', 'in', invoiceIds)
      .orderBy('invoice_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('invoice_billed_work')
      .select(['line_id', 'work_item_id'])
      .where('invoice_id', 'in', invoiceIds)
      .orderBy('work_item_id')
      .execute(),
  ]);
  return { lines, billed };
}

export async function insertInvoice(db: Kysely<DB>, values: InvoiceValues): Promise<number> {
  const row = await db.insertInto('invoices').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes the invoice only if it is still as read: its status and its version (two changes at once: the
 * second finds it changed), raising the version. Whether it did.
 */
export async function moveInvoiceFrom(
  db: Kysely<DB>,
  id: number,
  seen: { status: string; version: number },
  values: Partial<InvoiceValues>,
): Promise<boolean> {
  const result = await db
    .updateTable('invoices')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', seen.status)
    .where('version', '=', seen.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The invoice's lines become `lines` (a draft's edit), with the work items each bills. */
export async function replaceLines(db: Kysely<DB>, invoiceId: number, lines: LineValues[]): Promise<void> {
  await db.deleteFrom('invoice_billed_work').where('invoice_id', '=', invoiceId).execute();
  await db.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  for (const [position, { work_item_ids, ...line }] of lines.entries()) {
    const { id } = await db
      .insertInto('invoice_lines')
      .values({ invoice_id: invoiceId, ...line, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (work_item_ids.length > 0)
      await db
        .insertInto('invoice_billed_work')
        .values(work_item_ids.map((work_item_id) => ({ line_id: id, invoice_id: invoiceId, work_item_id })))
        .execute();
  }
}

/**
 * A cancelled invoice bills nothing any more: its work items may be billed again, and it still lists
 * which it billed (the links are released, not deleted).
 */
export async function releaseBilledWork(db: Kysely<DB>, invoiceId: number, at: string): Promise<void> {
  await db
    .updateTable('invoice_billed_work')
    .set({ released_at: at })
    .where('invoice_id', '=', invoiceId)
    .where('released_at', 'is', null)
    .execute();
}

/** Of `workItemIds`, those of the client, and those another invoice already bills. */
export async function readWorkToBill(
  db: Kysely<DB>,
  clientId: number,
  workItemIds: number[],
  invoiceId: number | null,
) {
  if (workItemIds.length === 0) return { ofClient: new Set<number>(), billedElsewhere: new Set<number>() };
  const [items, billed] = await Promise.all([
    db.selectFrom('work_items').select('id').where('id', 'in', workItemIds).where('client_id', '=', clientId).execute(),
    db
      .selectFrom('invoice_billed_work')
      .select(['work_item_id', 'invoice_id'])
      .where('work_item_id', 'in', workItemIds)
      .where('released_at', 'is', null)
      .execute(),
  ]);
  return {
    ofClient: new Set(items.map((item) => item.id)),
    billedElsewhere: new Set(billed.filter((row) => row.invoice_id !== invoiceId).map((row) => row.work_item_id)),
  };
}

/**
 * The next serial of the firm's series for the year, taken inside the caller's transaction: the row's
 * update locks it, so two issues at once get consecutive serials, and a rolled-back issue takes none.
 */
export async function takeNextSerial(
  db: Kysely<DB>,
  series: { firmId: number; kind: string; financialYear: string },
): Promise<number> {
  const row = await db
    .insertInto('invoice_series')
    .values({ firm_id: series.firmId, kind: series.kind, financial_year: series.financialYear, last_serial: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['firm_id', 'kind', 'financial_year'])
        .doUpdateSet((eb) => ({ last_serial: eb('invoice_series.last_serial', '+', 1) })),
    )
    .returning('last_serial')
    .executeTakeFirstOrThrow();
  return row.last_serial;
}
