import { financialYearOf, formatInvoiceNumber } from '@portal/contract/billing-numbers';
import { indianDateOf } from '@portal/contract/plain-dates';
import {
  type InvoicePayment,
  RECEIPT_MESSAGES as M,
  type Receipt,
  type ReceiptCreate,
  TDS_WARN_BP,
} from '@portal/contract/receipts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failConflict, failNotFound, failValidation } from '../../http/http-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { type BillableClient, findBillableClient } from './billable-client.js';
import { findIssuedInvoiceOfClient, takeNextSerial } from './invoices.repository.js';
import { billingFirmOf, findInvoice } from './invoices.service.js';
import { readReceiptById } from './receipt-reads.service.js';
import {
  allocateFromReceipt,
  cancelReceiptRow,
  findReceiptWithin,
  insertAllocation,
  insertReceipt,
  type ReceiptRow,
  sumAllocations,
  sumTaxableOf,
} from './receipts.repository.js';
import { runSettling, SETTLEABLE, settleInvoice } from './settlement.repository.js';

/** Receipts number in their own series per firm and financial year: `RCT/2026-27/0001`. */
const RECEIPT_PREFIX = 'RCT';

type ReceiptAction = 'receipt.create' | 'receipt.apply' | 'receipt.cancel';

function recordReceiptEvent(
  db: Kysely<DB>,
  action: ReceiptAction,
  event: { actorId: number; receiptId: number; details: Record<string, unknown>; ip: string; at: Date },
) {
  const { actorId, receiptId, details, ip, at } = event;
  return recordAudit(db, { actorId, action, entityType: 'receipt', entityId: receiptId, details, ip, at });
}

/**
 * Settles part of an invoice from a receipt, or says clearly why not: not an issued invoice of the
 * receipt's client, or more than its balance (a receipt recorded at the same moment may have taken it).
 */
async function settleOrRefuse(
  db: Kysely<DB>,
  target: { invoiceId: number; clientId: number; field: string },
  change: { paid: number; tds: number },
): Promise<void> {
  if (await settleInvoice(db, target, change)) return;
  const invoice = await findIssuedInvoiceOfClient(db, target.clientId, target.invoiceId);
  if (!invoice || !(SETTLEABLE as readonly string[]).includes(invoice.status))
    failValidation(`${target.field}invoice_id`, M.invoiceInvalid);
  failValidation(`${target.field}amount_paise`, M.overBalance);
}

/** TDS above 10 % of the settled invoices' taxable value: likely a typing mistake, said but not refused. */
async function warnOfTds(db: Kysely<DB>, tdsPaise: number, invoiceIds: number[]): Promise<string[]> {
  if (tdsPaise === 0 || invoiceIds.length === 0) return [];
  const taxable = await sumTaxableOf(db, invoiceIds);
  return tdsPaise * 10_000 > taxable * TDS_WARN_BP ? [M.tdsAboveRate] : [];
}

/**
 * Records a receipt of the client, numbered with the next serial of the firm's receipt series for the
 * year of its date, and settles its allocations, all in one transaction. The client's TDS goes to the
 * allocations in order (each takes up to its amount); what is not allocated is the client's advance.
 */
async function recordReceipt(
  context: AppContext,
  actor: Actor,
  client: BillableClient,
  input: ReceiptCreate,
  ip: string,
  fieldOf: (index: number) => string,
): Promise<Receipt> {
  const at = context.clock.now();
  if (input.receipt_date > indianDateOf(at)) failValidation('receipt_date', M.dateInFuture);
  let tdsLeft = input.tds_paise;
  const allocations = input.allocations.map((entry) => {
    const tds = Math.min(tdsLeft, entry.amount_paise);
    tdsLeft -= tds;
    return { ...entry, tds };
  });
  const financialYear = financialYearOf(input.receipt_date);
  const id = await context.db.transaction().execute(async (trx) => {
    const serial = await takeNextSerial(trx, { firmId: client.firmId, kind: 'receipt', financialYear });
    const number = formatInvoiceNumber(RECEIPT_PREFIX, financialYear, serial);
    const receiptId = await insertReceipt(trx, {
      firm_id: client.firmId,
      client_id: client.id,
      number,
      financial_year: financialYear,
      serial,
      receipt_date: input.receipt_date,
      amount_paise: input.amount_paise,
      tds_paise: input.tds_paise,
      allocated_paise: allocations.reduce((sum, entry) => sum + entry.amount_paise, 0),
      mode: input.mode,
      reference: input.reference || null,
      notes: input.notes || null,
      status: 'active',
      created_by: actor.id,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
    for (const [index, entry] of allocations.entries()) {
      const target = { invoiceId: entry.invoice_id, clientId: client.id, field: fieldOf(index) };
      await settleOrRefuse(trx, target, { paid: entry.amount_paise - entry.tds, tds: entry.tds });
      await insertAllocation(trx, {
        receipt_id: receiptId,
        invoice_id: entry.invoice_id,
        amount_paise: entry.amount_paise,
        tds_paise: entry.tds,
        created_by: actor.id,
        created_at: at.toISOString(),
      });
    }
    const details = { number, amount_paise: input.amount_paise, tds_paise: input.tds_paise };
    await recordReceiptEvent(trx, 'receipt.create', { actorId: actor.id, receiptId, details, ip, at });
    return receiptId;
  });
  const warnings = await warnOfTds(
    context.db,
    input.tds_paise,
    allocations.map((entry) => entry.invoice_id),
  );
  return readReceiptById(context.db, { firmId: client.firmId }, id, warnings);
}

/** `POST /api/receipts`: a receipt of one client spread over its invoices, the rest an advance. */
export async function createReceipt(context: AppContext, actor: Actor, input: ReceiptCreate, ip: string) {
  billingFirmOf(actor);
  const client = await findBillableClient(context, actor, input.client_id);
  return recordReceipt(context, actor, client, input, ip, (index) => `allocations.${index}.`);
}

/** `POST /api/invoices/{id}/payments`: a receipt whose amount and TDS settle this one invoice. */
export async function recordInvoicePayment(
  context: AppContext,
  actor: Actor,
  invoiceId: number,
  input: InvoicePayment,
  ip: string,
) {
  const invoice = await findInvoice(context, actor, invoiceId);
  if (!(SETTLEABLE as readonly string[]).includes(invoice.status)) failConflict(M.notPayable);
  const client = await findBillableClient(context, actor, invoice.client_id);
  const allocations = [{ invoice_id: invoiceId, amount_paise: input.amount_paise + input.tds_paise }];
  return recordReceipt(context, actor, client, { ...input, client_id: client.id, allocations }, ip, () => '');
}

const changedMeanwhile = () => failConflict(M.changedMeanwhile);

/** A receipt of the caller's firm that it changes: 404 out of reach, 409 once cancelled. */
async function findActiveReceipt(context: AppContext, actor: Actor, id: number): Promise<ReceiptRow> {
  const row = await findReceiptWithin(context.db, { firmId: billingFirmOf(actor) }, id);
  if (!row) failNotFound(M.notFound);
  if (row.status !== 'active') failConflict(M.alreadyCancelled);
  return row;
}

/**
 * `POST /api/receipts/{id}/apply`: part of the receipt's advance settles an invoice of its client (what
 * is left of the receipt's TDS goes first). Applied by staff, never by itself: which invoice a client's
 * credit goes to is the firm's choice.
 */
export async function applyAdvance(
  context: AppContext,
  actor: Actor,
  id: number,
  input: { invoice_id: number; amount_paise: number },
  ip: string,
): Promise<Receipt> {
  const row = await findActiveReceipt(context, actor, id);
  const at = context.clock.now();
  await runSettling(
    context.db,
    async (trx) => {
      if (!(await allocateFromReceipt(trx, id, input.amount_paise))) failValidation('amount_paise', M.advanceTooSmall);
      const held = await sumAllocations(trx, { receiptId: id });
      const tdsLeft = row.tds_paise - held.reduce((sum, entry) => sum + entry.tds, 0);
      const tds = Math.max(0, Math.min(tdsLeft, input.amount_paise));
      const target = { invoiceId: input.invoice_id, clientId: row.client_id, field: '' };
      await settleOrRefuse(trx, target, { paid: input.amount_paise - tds, tds });
      await insertAllocation(trx, {
        receipt_id: id,
        invoice_id: input.invoice_id,
        amount_paise: input.amount_paise,
        tds_paise: tds,
        created_by: actor.id,
        created_at: at.toISOString(),
      });
      const details = { number: row.number, invoice_id: input.invoice_id, amount_paise: input.amount_paise };
      await recordReceiptEvent(trx, 'receipt.apply', { actorId: actor.id, receiptId: id, details, ip, at });
    },
    changedMeanwhile,
  );
  return readReceiptById(context.db, { firmId: row.firm_id }, id);
}

/**
 * `POST /api/receipts/{id}/cancel`: with a reason; the receipt stays (its number used), and what it
 * settled is taken back from each invoice, whose status follows (paid back to partly paid or issued).
 */
export async function cancelReceipt(context: AppContext, actor: Actor, id: number, reason: string, ip: string) {
  const row = await findActiveReceipt(context, actor, id);
  const at = context.clock.now();
  await runSettling(
    context.db,
    async (trx) => {
      const values = { cancel_reason: reason, cancelled_by: actor.id, updated_at: at.toISOString() };
      if (!(await cancelReceiptRow(trx, id, values))) failConflict(M.alreadyCancelled);
      for (const held of await sumAllocations(trx, { receiptId: id }))
        if (held.amount !== 0)
          await settleInvoice(
            trx,
            { invoiceId: held.invoice_id, clientId: row.client_id },
            { paid: -(held.amount - held.tds), tds: -held.tds },
          );
      const details = { number: row.number, reason };
      await recordReceiptEvent(trx, 'receipt.cancel', { actorId: actor.id, receiptId: id, details, ip, at });
    },
    changedMeanwhile,
  );
  return readReceiptById(context.db, { firmId: row.firm_id }, id);
}
