import {
  INVOICE_PERIOD_MESSAGES,
  type Invoice,
  type InvoiceDraft,
  type InvoiceFilterQuery,
  type InvoicePage,
  INVOICE_MESSAGES as M,
} from '@portal/contract/invoices';
import { indianDateOf } from '@portal/contract/plain-dates';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { failConflict, failForbidden, failNotFound, failValidation } from '../../http/http-error.js';
import { firmOf, mayEver, scopeFor } from '../../policy/authorize.js';
import { recordAudit } from '../audit/audit.service.js';
import { type BillableClient, findBillableClient } from './billable-client.js';
import { checkPeriodsToBill } from './billed-periods.js';
import { presentInvoice } from './invoice.presenter.js';
import { computeInvoiceAmounts } from './invoice-amounts.js';
import {
  findInvoiceOfFirm,
  findIssuedInvoiceOfClient,
  type InvoiceFilters,
  type InvoiceRow,
  insertInvoice,
  listInvoicesOfFirm,
  listIssuedInvoicesOfClient,
  listLinesOf,
  moveInvoiceFrom,
  readWorkToBill,
  replaceLines,
} from './invoices.repository.js';
import { findProfileOfFirm, type ProfileRow } from './profile.repository.js';

/** One event of an invoice in the activity log, its number (once it has one) kept with it. */
export function recordInvoiceEvent(
  db: Kysely<DB>,
  action:
    | 'invoice.create'
    | 'invoice.update'
    | 'invoice.issue'
    | 'invoice.cancel'
    | 'invoice.credit_note'
    | 'invoice.irn'
    | 'invoice.download',
  event: { actorId: number; invoiceId: number; number: string | null; ip: string; at: Date },
) {
  const { actorId, invoiceId, number, ip, at } = event;
  return recordAudit(db, { actorId, action, entityType: 'invoice', entityId: invoiceId, details: { number }, ip, at });
}

/** The caller's firm, when it bills at all (the MPC): 403 otherwise, as a route its role never calls. */
export function billingFirmOf(actor: Actor): number {
  const firmId = firmOf(actor);
  if (firmId === null || !mayEver(actor, 'billing.manage')) failForbidden();
  return firmId;
}

/** One invoice of the caller's firm, or 404. */
export async function findInvoice(context: AppContext, actor: Actor, id: number): Promise<InvoiceRow> {
  const row = await findInvoiceOfFirm(context.db, billingFirmOf(actor), id);
  if (!row) failNotFound(M.notFound);
  return row;
}

/** The client whose own billing the caller reads (the access table's `billing.view_own`: itself), or null. */
export function ownBillingClientOf(actor: Actor): number | null {
  return scopeFor(actor, 'billing.view_own').selfId ?? null;
}

/**
 * The one way an invoice is read, by staff and by the client alike (its answer, its PDF): a client reads
 * its own issued invoices (a draft or another's: 404); staff go through `findInvoice` (the firm's billers;
 * staff who see the client but do not bill: 403; another firm: 404).
 */
export async function findReadableInvoice(context: AppContext, actor: Actor, id: number): Promise<InvoiceRow> {
  const ownClient = ownBillingClientOf(actor);
  if (ownClient === null) return findInvoice(context, actor, id);
  const row = await findIssuedInvoiceOfClient(context.db, ownClient, id);
  if (!row) failNotFound(M.notFound);
  return row;
}

/** The invoices' answers, with their lines and credit notes: three statements whatever their number. */
export async function presentInvoices(db: Kysely<DB>, rows: InvoiceRow[]): Promise<Invoice[]> {
  const { lines, billed, creditNotes, periods } = await listLinesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentInvoice(row, lines, billed, creditNotes, periods));
}

export async function readInvoice(context: AppContext, actor: Actor, id: number): Promise<Invoice> {
  const [invoice] = await presentInvoices(context.db, [await findReadableInvoice(context, actor, id)]);
  return invoice as Invoice;
}

/** The list's query as the repository's filters (`overdue` against today, India). */
export function filtersOf(context: AppContext, query: InvoiceFilterQuery): InvoiceFilters {
  return {
    status: query.status,
    clientId: query.client_id,
    from: query.from,
    to: query.to,
    overdueOn: query.overdue === 'true' ? indianDateOf(context.clock.now()) : undefined,
    text: query.q || undefined,
  };
}

/**
 * `GET /api/invoices`: a page newest first, by keyset (`before` an id): the firm's invoices for its
 * billers, filtered; the client's own issued ones for a client (one list, scoped by the access table).
 */
export async function listInvoices(context: AppContext, actor: Actor, query: InvoiceFilterQuery): Promise<InvoicePage> {
  const ownClient = ownBillingClientOf(actor);
  const page = { beforeId: query.before ?? null, limit: query.limit + 1 };
  const rows =
    ownClient === null
      ? await listInvoicesOfFirm(context.db, billingFirmOf(actor), { ...filtersOf(context, query), ...page })
      : await listIssuedInvoicesOfClient(context.db, ownClient, { ...page, status: query.status });
  const shown = rows.slice(0, query.limit);
  const more = rows.length > query.limit;
  return { data: await presentInvoices(context.db, shown), next_before: more ? (shown.at(-1)?.id ?? null) : null };
}

/**
 * Writes lines that bill work items: two drafts naming the same item at once both pass the check before
 * it, and the unique index refuses the second, which is told the item is billed, not a server error.
 */
async function saveLinesBilling<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      failValidation(
        'lines',
        String(error).includes('invoice_billed_periods') ? INVOICE_PERIOD_MESSAGES.periodBilled : M.workItemBilled,
      );
    throw error;
  }
}

/** The profile invoices need, or the clear refusal that names what to do first. */
async function requireProfile(db: Kysely<DB>, firmId: number): Promise<ProfileRow> {
  const profile = await findProfileOfFirm(db, firmId);
  if (!profile) failValidation('client_id', M.noProfile);
  return profile;
}

/** Every work item a line names is the client's, and no other invoice bills it; so too its fee periods. */
async function checkWorkToBill(db: Kysely<DB>, client: BillableClient, draft: InvoiceDraft, invoiceId: number | null) {
  const ids = draft.lines.flatMap((line) => line.work_item_ids);
  const { ofClient, billedElsewhere } = await readWorkToBill(db, client.id, ids, invoiceId);
  draft.lines.forEach((line, index) => {
    for (const id of line.work_item_ids) {
      if (!ofClient.has(id)) failValidation(`lines.${index}.work_item_ids`, M.workItemInvalid);
      if (billedElsewhere.has(id)) failValidation(`lines.${index}.work_item_ids`, M.workItemBilled);
    }
  });
  await checkPeriodsToBill(db, client.id, draft, invoiceId);
}

/** `POST /api/invoices`: a draft for one client of the firm, its tax worked out from the profile. */
export async function createDraft(
  context: AppContext,
  actor: Actor,
  draft: InvoiceDraft,
  ip: string,
): Promise<Invoice> {
  billingFirmOf(actor);
  const client = await findBillableClient(context, actor, draft.client_id);
  return readInvoice(context, actor, await insertDraft(context, actor, client, draft, ip));
}

/**
 * A draft for a client the caller bills (a typed one, or one of ready to bill's): checked, its tax worked
 * out from the profile, written whole or not at all. Its id.
 */
export async function insertDraft(
  context: AppContext,
  actor: Actor,
  client: BillableClient,
  draft: InvoiceDraft,
  ip: string,
): Promise<number> {
  const profile = await requireProfile(context.db, client.firmId);
  await checkWorkToBill(context.db, client, draft, null);
  const { invoiceValues, lineValues } = computeInvoiceAmounts(profile, client, draft.lines);
  const at = context.clock.now();
  const id = await saveLinesBilling(() =>
    context.db.transaction().execute(async (trx) => {
      const created = await insertInvoice(trx, {
        firm_id: client.firmId,
        client_id: client.id,
        kind: 'invoice',
        status: 'draft',
        invoice_date: draft.invoice_date,
        due_date: draft.due_date,
        ...invoiceValues,
        notes: draft.notes ?? null,
        created_by: actor.id,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
      await replaceLines(trx, { id: created, clientId: client.id }, lineValues);
      await recordInvoiceEvent(trx, 'invoice.create', { actorId: actor.id, invoiceId: created, number: null, ip, at });
      return created;
    }),
  );
  return id;
}

/** `PUT /api/invoices/{id}`: a draft changed whole (its client stays); an issued invoice never changes. */
export async function updateDraft(
  context: AppContext,
  actor: Actor,
  id: number,
  draft: InvoiceDraft,
  ip: string,
): Promise<Invoice> {
  const row = await findInvoice(context, actor, id);
  if (row.status !== 'draft') failConflict(M.notDraft);
  if (draft.client_id !== row.client_id) failValidation('client_id', M.clientInvalid);
  const client = await findBillableClient(context, actor, row.client_id);
  const profile = await requireProfile(context.db, client.firmId);
  await checkWorkToBill(context.db, client, draft, id);
  const { invoiceValues, lineValues } = computeInvoiceAmounts(profile, client, draft.lines);
  const at = context.clock.now();
  await saveLinesBilling(async () =>
    context.db.transaction().execute(async (trx) => {
      const values = { invoice_date: draft.invoice_date, due_date: draft.due_date, ...invoiceValues };
      const seen = { status: 'draft', version: row.version };
      // Issued, cancelled or changed by someone else since it was read: nothing is written.
      const saved = await moveInvoiceFrom(trx, id, seen, {
        ...values,
        notes: draft.notes ?? null,
        updated_at: at.toISOString(),
      });
      if (!saved) failConflict(M.changedMeanwhile);
      await replaceLines(trx, { id, clientId: client.id }, lineValues);
      await recordInvoiceEvent(trx, 'invoice.update', { actorId: actor.id, invoiceId: id, number: null, ip, at });
    }),
  );
  return readInvoice(context, actor, id);
}
