import { financialYearOf, formatInvoiceNumber } from '@portal/contract/billing-numbers';
import { type Invoice, INVOICE_MESSAGES as M } from '@portal/contract/invoices';
import { indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failConflict, failValidation } from '../../http/http-error.js';
import { findBillableClient } from './billable-client.js';
import { computeInvoiceAmounts } from './invoice-amounts.js';
import { sendInvoiceIssuedMail } from './invoice-mail.js';
import { describeParties } from './invoice-parties.js';
import {
  listLinesOf,
  moveInvoiceFrom,
  releaseBilledWork,
  replaceLines,
  takeNextSerial,
} from './invoices.repository.js';
import { findInvoice, readInvoice, recordInvoiceEvent } from './invoices.service.js';
import { findProfileOfFirm } from './profile.repository.js';

/**
 * `POST /api/invoices/{id}/issue`: the draft becomes the firm's invoice of today (India), numbered with
 * the next serial of its series for the financial year (rule 46(b)), in one transaction: two issued at
 * once get consecutive numbers, and an issue that fails takes none.
 */
export async function issueInvoice(context: AppContext, actor: Actor, id: number, ip: string): Promise<Invoice> {
  const row = await findInvoice(context, actor, id);
  if (row.status !== 'draft') failConflict(M.notDraft);
  const profile = await findProfileOfFirm(context.db, row.firm_id);
  if (!profile) failValidation('client_id', M.noProfile);
  // Worked out again from today's profile and client: the numbered invoice carries the tax in force now.
  const client = await findBillableClient(context, actor, row.client_id);
  const { lines, billed, periods } = await listLinesOf(context.db, [id]);
  const draftLines = lines.map((line) => {
    const held = periods.find((entry) => entry.line_id === line.id);
    return {
      ...line,
      work_item_ids: billed.filter((entry) => entry.line_id === line.id).map((entry) => entry.work_item_id),
      period: held ? { service_id: held.service_id, period_key: held.period_key } : null,
    };
  });
  const { invoiceValues, lineValues } = computeInvoiceAmounts(profile, client, draftLines);
  const at = context.clock.now();
  const today = indianDateOf(at);
  const financialYear = financialYearOf(today);
  const dueDate = row.due_date < today ? today : row.due_date;
  // Rule 46's parties as they are at issue, kept with the invoice: a later change of either rewrites no PDF.
  const parties = await describeParties(context.db, profile, {
    client_id: row.client_id,
    place_of_supply: invoiceValues.place_of_supply,
  });
  let mailed = false;
  await context.db.transaction().execute(async (trx) => {
    const serial = await takeNextSerial(trx, { firmId: row.firm_id, kind: row.kind, financialYear });
    const number = formatInvoiceNumber(profile.invoice_prefix, financialYear, serial);
    const issued = await moveInvoiceFrom(
      trx,
      id,
      { status: 'draft', version: row.version },
      {
        ...invoiceValues,
        status: 'issued',
        number,
        financial_year: financialYear,
        serial,
        invoice_date: today,
        due_date: dueDate,
        issued_parties: JSON.stringify(parties),
        issued_by: actor.id,
        issued_at: at.toISOString(),
        updated_at: at.toISOString(),
      },
    );
    // Issued or cancelled meanwhile by someone else: this issue takes no number.
    if (!issued) failConflict(M.changedMeanwhile);
    await replaceLines(trx, { id, clientId: row.client_id }, lineValues);
    await recordInvoiceEvent(trx, 'invoice.issue', { actorId: actor.id, invoiceId: id, number, ip, at });
    const mail = { id, clientId: row.client_id, number, date: today, dueDate, totalPaise: invoiceValues.total_paise };
    mailed = await sendInvoiceIssuedMail(trx, context, mail, profile.legal_name);
  });
  if (mailed) context.mail.wake();
  return readInvoice(context, actor, id);
}

/**
 * `POST /api/invoices/{id}/cancel`: with a reason; an issued invoice keeps its number (used, never given
 * again), and the work items it billed may be billed anew.
 */
export async function cancelInvoice(
  context: AppContext,
  actor: Actor,
  id: number,
  reason: string,
  ip: string,
): Promise<Invoice> {
  const row = await findInvoice(context, actor, id);
  if (row.status === 'cancelled') failConflict(M.alreadyCancelled);
  // Money received stays accounted for: its receipts are cancelled first (which raises the version).
  if (row.paid_paise + row.tds_paise > 0) failConflict(M.hasReceipts);
  // A credit note names its invoice for good (rule 53(1A)): the invoice it reduced stays issued.
  if (row.credited_paise > 0) failConflict(M.hasCreditNotes);
  const at = context.clock.now();
  await context.db.transaction().execute(async (trx) => {
    const values = { status: 'cancelled', cancel_reason: reason, updated_at: at.toISOString() };
    // Issued or cancelled by someone else since it was read: nothing changes.
    if (!(await moveInvoiceFrom(trx, id, { status: row.status, version: row.version }, values)))
      failConflict(M.changedMeanwhile);
    await releaseBilledWork(trx, id, at.toISOString());
    await recordInvoiceEvent(trx, 'invoice.cancel', { actorId: actor.id, invoiceId: id, number: row.number, ip, at });
  });
  return readInvoice(context, actor, id);
}
