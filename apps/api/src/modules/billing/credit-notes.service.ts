import { financialYearOf, formatInvoiceNumber } from '@portal/contract/billing-numbers';
import { computeInvoiceTotals, type Supply, type SupplyKind } from '@portal/contract/billing-tax';
import { CREDIT_NOTE_PREFIX, type CreditNoteCreate, CREDIT_NOTE_MESSAGES as M } from '@portal/contract/credit-notes';
import { INVOICE_MESSAGES, type Invoice } from '@portal/contract/invoices';
import { indianDateOf } from '@portal/contract/plain-dates';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failConflict, failValidation } from '../../http/http-error.js';
import { totalColumnsOf } from './invoice-amounts.js';
import { type InvoiceRow, insertInvoice, replaceLines, takeNextSerial } from './invoices.repository.js';
import { findInvoice, readInvoice, recordInvoiceEvent } from './invoices.service.js';
import { allocateFromReceipt, insertAllocation, sumAllocations } from './receipts.repository.js';
import {
  creditInvoice,
  listLineRatesOf,
  readSettlement,
  refreshInvoiceStatus,
  runSettling,
  SETTLEABLE,
  settleInvoice,
  sumCreditedTaxableByRate,
} from './settlement.repository.js';

/** The supply of the invoice a credit note reduces: the note carries the same tax split (CGST Act s.34). */
function supplyOf(invoice: InvoiceRow): Supply {
  return {
    kind: invoice.supply_kind as SupplyKind,
    placeOfSupply: invoice.place_of_supply as Supply['placeOfSupply'],
    localHead: invoice.local_head as Supply['localHead'],
    reverseChargeInterState: false,
  };
}

/**
 * A credit note that takes an invoice below what was already settled gives the excess back to the
 * receipts that settled it, latest first (money before TDS): it becomes their advance, the client's
 * credit, applied to a later invoice with `POST /api/receipts/{id}/apply`.
 */
async function releaseOverCredit(
  db: Kysely<DB>,
  invoice: InvoiceRow,
  creditNoteId: number,
  event: { actorId: number; at: string },
): Promise<void> {
  const now = await readSettlement(db, invoice.id);
  let excess = now.paid_paise + now.tds_paise + now.credited_paise - now.total_paise;
  for (const held of await sumAllocations(db, { invoiceId: invoice.id })) {
    if (excess <= 0) break;
    const back = Math.min(excess, held.amount);
    if (back <= 0) continue;
    const moneyBack = Math.min(back, held.amount - held.tds);
    const tdsBack = back - moneyBack;
    await allocateFromReceipt(db, held.receipt_id, -back);
    await settleInvoice(
      db,
      { invoiceId: invoice.id, clientId: invoice.client_id },
      { paid: -moneyBack, tds: -tdsBack },
    );
    await insertAllocation(db, {
      receipt_id: held.receipt_id,
      invoice_id: invoice.id,
      amount_paise: -back,
      tds_paise: -tdsBack,
      credit_note_id: creditNoteId,
      created_by: event.actorId,
      created_at: event.at,
    });
    excess -= back;
  }
}

/**
 * `POST /api/invoices/{id}/credit-notes`: issued at once (CGST Act s.34; rule 53(1A): it names the
 * invoice), dated today (India), numbered with the next serial of the firm's `CN` series for the year.
 * Its lines' taxable values are taxed as the invoice was; together the notes never take more than the
 * invoice's taxable value nor its total. The invoice's balance falls; its status follows.
 */
export async function issueCreditNote(
  context: AppContext,
  actor: Actor,
  invoiceId: number,
  input: CreditNoteCreate,
  ip: string,
): Promise<Invoice> {
  const invoice = await findInvoice(context, actor, invoiceId);
  if (!(SETTLEABLE as readonly string[]).includes(invoice.status)) failConflict(M.notCreditable);
  // A note's line is taxed at a rate the invoice charged, under the SAC of the invoice's first line at it.
  const sacOfRate = new Map<number, string>();
  const billedAtRate = new Map<number, number>();
  for (const line of (await listLineRatesOf(context.db, invoiceId)).reverse()) {
    sacOfRate.set(line.gst_rate_bp, line.sac);
    billedAtRate.set(line.gst_rate_bp, (billedAtRate.get(line.gst_rate_bp) ?? 0) + line.taxable_paise);
  }
  input.lines.forEach((line, index) => {
    if (!sacOfRate.has(line.gst_rate_bp)) failValidation(`lines.${index}.gst_rate_bp`, M.rateInvalid);
  });
  const lines = input.lines.map((line) => ({
    quantity: 1,
    ratePaise: line.amount_paise,
    discountPaise: 0,
    gstRateBp: line.gst_rate_bp,
  }));
  const totals = computeInvoiceTotals(supplyOf(invoice), lines);
  const at = context.clock.now();
  const today = indianDateOf(at);
  const financialYear = financialYearOf(today);
  await runSettling(
    context.db,
    async (trx) => {
      // Checked by the statement that writes it: two notes at once never take more than the invoice's total.
      if (!(await creditInvoice(trx, invoiceId, totals.total))) failValidation('lines', M.overCredit);
      // At each rate no more than the invoice billed at it: a note reverses the tax the invoice charged.
      const credited = await sumCreditedTaxableByRate(trx, invoiceId);
      for (const [index, line] of input.lines.entries()) {
        const taxable = totals.lines[index]?.taxable ?? 0;
        credited.set(line.gst_rate_bp, (credited.get(line.gst_rate_bp) ?? 0) + taxable);
      }
      for (const [rate, taxable] of credited)
        if (taxable > (billedAtRate.get(rate) ?? 0)) failValidation('lines', M.overCreditAtRate);
      const serial = await takeNextSerial(trx, { firmId: invoice.firm_id, kind: 'credit_note', financialYear });
      const number = formatInvoiceNumber(CREDIT_NOTE_PREFIX, financialYear, serial);
      const noteId = await insertInvoice(trx, {
        firm_id: invoice.firm_id,
        client_id: invoice.client_id,
        kind: 'credit_note',
        status: 'issued',
        number,
        financial_year: financialYear,
        serial,
        invoice_date: today,
        due_date: today,
        supply_kind: invoice.supply_kind,
        place_of_supply: invoice.place_of_supply,
        local_head: invoice.local_head,
        ...totalColumnsOf(totals),
        credit_of: invoiceId,
        credit_reason: input.reason,
        issued_by: actor.id,
        issued_at: at.toISOString(),
        created_by: actor.id,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
      await replaceLines(
        trx,
        { id: noteId, clientId: invoice.client_id },
        input.lines.map((line, index) => {
          const taxed = totals.lines[index] as (typeof totals.lines)[number];
          return {
            description: line.description,
            sac: sacOfRate.get(line.gst_rate_bp) as string,
            quantity: 1,
            rate_paise: line.amount_paise,
            discount_paise: 0,
            gst_rate_bp: line.gst_rate_bp,
            taxable_paise: taxed.taxable,
            cgst_paise: taxed.cgst,
            local_paise: taxed.local,
            igst_paise: taxed.igst,
            work_item_ids: [],
            period: null,
          };
        }),
      );
      await releaseOverCredit(trx, invoice, noteId, { actorId: actor.id, at: at.toISOString() });
      await refreshInvoiceStatus(trx, invoiceId);
      await recordInvoiceEvent(trx, 'invoice.credit_note', { actorId: actor.id, invoiceId, number, ip, at });
    },
    () => failConflict(INVOICE_MESSAGES.changedMeanwhile),
  );
  return readInvoice(context, actor, invoiceId);
}
