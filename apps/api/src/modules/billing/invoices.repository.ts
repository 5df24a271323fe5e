import { type Insertable, type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { insertRow } from '../../db/insert-new-rows.js';
import type { DB, InvoiceLinesTable, InvoicesTable } from '../../db/schema.js';
import { updatesAnyRow } from '../../db/updated-rows.js';
import { containsPattern } from '../users/user-search.js';
import { invoiceBalance, UNPAID_STATUSES } from './invoice-balance.repository.js';

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
type LineValues = Omit<Insertable<InvoiceLinesTable>, 'id' | 'invoice_id' | 'position'> & {
  work_item_ids: number[];
  period: { service_id: number; period_key: string } | null;
};
export type HeldPeriodRow = { line_id: number; service_id: number; period_key: string };

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

/** One invoice of the firm (a credit note is not one: it is read with its invoice). */
export function findInvoiceOfFirm(db: Kysely<DB>, firmId: number, id: number): Promise<InvoiceRow | undefined> {
  return selectInvoices(db)
    .where('invoices.id', '=', id)
    .where('invoices.firm_id', '=', firmId)
    .where('invoices.kind', '=', 'invoice')
    .executeTakeFirst();
}

/** One invoice issued to the client (never a draft): what the client itself reads. */
export function findIssuedInvoiceOfClient(db: Kysely<DB>, clientId: number, id: number) {
  return selectInvoices(db)
    .where('invoices.id', '=', id)
    .where('invoices.client_id', '=', clientId)
    .where('invoices.kind', '=', 'invoice')
    .where('invoices.status', '<>', 'draft')
    .executeTakeFirst();
}

/** A page of the invoices issued to the client, newest first, through `invoices_client_index`. */
export function listIssuedInvoicesOfClient(
  db: Kysely<DB>,
  clientId: number,
  page: { beforeId: number | null; limit: number; status?: string },
): Promise<InvoiceRow[]> {
  let query = selectInvoices(db)
    .where('invoices.client_id', '=', clientId)
    .where('invoices.kind', '=', 'invoice')
    .where('invoices.status', '<>', 'draft');
  if (page.beforeId !== null) query = query.where('invoices.id', '<', page.beforeId);
  if (page.status) query = query.where('invoices.status', '=', page.status);
  return query.orderBy('invoices.id', 'desc').limit(page.limit).execute();
}

/** The credit notes of some invoices, oldest first. */
export function listCreditNotesOf(db: Kysely<DB>, invoiceIds: number[]) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('credit_of', 'in', invoiceIds)
    .orderBy('credit_of')
    .orderBy('id')
    .execute();
}

/** What narrows a firm's invoice list (and its export). */
export type InvoiceFilters = {
  status?: string;
  clientId?: number;
  from?: string;
  to?: string;
  /** Today (India): issued or partly paid invoices due before it with a balance left. */
  overdueOn?: string;
  /** Typed text: in the invoice's number or the client's name. */
  text?: string;
};

/**
 * A page of the firm's invoices, newest first, by keyset through `invoices_firm_index`; the filters narrow
 * the rows read in that order.
 */
export function listInvoicesOfFirm(
  db: Kysely<DB>,
  firmId: number,
  page: InvoiceFilters & { beforeId: number | null; limit: number },
): Promise<InvoiceRow[]> {
  let query = selectInvoices(db).where('invoices.firm_id', '=', firmId).where('invoices.kind', '=', 'invoice');
  if (page.beforeId !== null) query = query.where('invoices.id', '<', page.beforeId);
  if (page.status) query = query.where('invoices.status', '=', page.status);
  if (page.clientId) query = query.where('invoices.client_id', '=', page.clientId);
  if (page.from) query = query.where('invoices.invoice_date', '>=', page.from);
  if (page.to) query = query.where('invoices.invoice_date', '<=', page.to);
  if (page.overdueOn) {
    const today = page.overdueOn;
    query = query
      .where('invoices.status', 'in', [...UNPAID_STATUSES])
      .where('invoices.due_date', '<', today)
      .where((eb) => eb(invoiceBalance(eb), '>', 0));
  }
  if (page.text) {
    const pattern = containsPattern(page.text.toLowerCase());
    const like = (column: RawBuilder<unknown>) => sql<boolean>`lower(${column}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like(sql`coalesce(invoices.number, '')`),
        like(sql`client.first_name || ' ' || coalesce(client.last_name, '')`),
      ]),
    );
  }
  return query.orderBy('invoices.id', 'desc').limit(page.limit).execute();
}

/**
 * The lines of some invoices in order, each with the work items and the fee period it bills, and their
 * credit notes with the credit notes' lines: four statements whatever their number.
 */
export async function listLinesOf(db: Kysely<DB>, invoiceIds: number[]) {
  if (invoiceIds.length === 0)
    return {
      lines: [] as InvoiceLineRow[],
      billed: [] as { line_id: number; work_item_id: number }[],
      creditNotes: [] as Selectable<InvoicesTable>[],
      periods: [] as HeldPeriodRow[],
    };
  const [lines, billed, creditNotes, periods] = await Promise.all([
    db
      .selectFrom('invoice_lines')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('invoice_id', 'in', invoiceIds),
          eb('invoice_id', 'in', eb.selectFrom('invoices').select('id').where('credit_of', 'in', invoiceIds)),
        ]),
      )
      .orderBy('invoice_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('invoice_billed_work')
      .select(['line_id', 'work_item_id'])
      .where('invoice_id', 'in', invoiceIds)
      .orderBy('work_item_id')
      .execute(),
    listCreditNotesOf(db, invoiceIds),
    db
      .selectFrom('invoice_billed_periods')
      .select(['line_id', 'service_id', 'period_key'])
      .where('invoice_id', 'in', invoiceIds)
      .execute(),
  ]);
  return { lines, billed, creditNotes, periods };
}

export function insertInvoice(db: Kysely<DB>, values: InvoiceValues): Promise<number> {
  return insertRow(db, 'invoices', values);
}

/**
 * Changes the invoice only if it is still as read: its status and its version (two changes at once: the
 * second finds it changed), raising the version. Whether it did.
 */
export function moveInvoiceFrom(
  db: Kysely<DB>,
  id: number,
  seen: { status: string; version: number },
  values: Partial<InvoiceValues>,
): Promise<boolean> {
  return updatesAnyRow(
    db
      .updateTable('invoices')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', seen.status)
      .where('version', '=', seen.version),
  );
}

/** The invoice's lines become `lines` (a draft's edit), with the work items and fee period each bills. */
export async function replaceLines(
  db: Kysely<DB>,
  invoice: { id: number; clientId: number },
  lines: LineValues[],
): Promise<void> {
  const invoiceId = invoice.id;
  await db.deleteFrom('invoice_billed_work').where('invoice_id', '=', invoiceId).execute();
  await db.deleteFrom('invoice_billed_periods').where('invoice_id', '=', invoiceId).execute();
  await db.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  for (const [position, { work_item_ids, period, ...line }] of lines.entries()) {
    const id = await insertRow(db, 'invoice_lines', { invoice_id: invoiceId, ...line, position });
    if (work_item_ids.length > 0)
      await db
        .insertInto('invoice_billed_work')
        .values(work_item_ids.map((work_item_id) => ({ line_id: id, invoice_id: invoiceId, work_item_id })))
        .execute();
    if (period)
      await db
        .insertInto('invoice_billed_periods')
        .values({ line_id: id, invoice_id: invoiceId, client_id: invoice.clientId, ...period })
        .execute();
  }
}

/**
 * A cancelled invoice bills nothing any more: its work items may be billed again, and it still lists
 * which it billed (the links are released, not deleted).
 */
export async function releaseBilledWork(db: Kysely<DB>, invoiceId: number, at: string): Promise<void> {
  for (const table of ['invoice_billed_work', 'invoice_billed_periods'] as const)
    await db
      .updateTable(table)
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

/** Of the periods named, those another live invoice of the client already bills (`service:period`). */
export async function readPeriodsHeldElsewhere(
  db: Kysely<DB>,
  clientId: number,
  serviceIds: number[],
  invoiceId: number | null,
): Promise<Set<string>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('invoice_billed_periods')
    .select(['service_id', 'period_key', 'invoice_id'])
    .where('client_id', '=', clientId)
    .where('service_id', 'in', serviceIds)
    .where('released_at', 'is', null)
    .execute();
  return new Set(
    rows.filter((row) => row.invoice_id !== invoiceId).map((row) => `${row.service_id}:${row.period_key}`),
  );
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
