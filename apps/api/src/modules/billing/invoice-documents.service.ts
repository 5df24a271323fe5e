import type { SupplyKind } from '@portal/contract/billing-tax';
import {
  type InvoiceEInvoice,
  type InvoiceIrnInput,
  type InvoicePdfLink,
  type InvoiceUpiQr,
  invoicePdfFileName,
  INVOICE_DOCUMENT_MESSAGES as M,
} from '@portal/contract/invoice-documents';
import { INVOICE_MESSAGES, type Invoice } from '@portal/contract/invoices';
import { indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { openValue } from '../../encryption/value-cipher.js';
import { failConflict, failValidation } from '../../http/http-error.js';
import { findUpiLinkOf, isIrnRequired } from './invoice.presenter.js';
import { balanceDueOf } from './invoice-balance.repository.js';
import { findLogoOfFirm, writeInvoiceIrn } from './invoice-documents.repository.js';
import { findStateCode, readPartiesOf } from './invoice-parties.js';
import type { InvoicePdfFacts } from './invoice-pdf.facts.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { signInvoicePdfLink } from './invoice-pdf-links.js';
import { type InvoiceRow, listLinesOf } from './invoices.repository.js';
import { findInvoice, findReadableInvoice, readInvoice, recordInvoiceEvent } from './invoices.service.js';
import { findProfileOfFirm } from './profile.repository.js';
import { renderQrSvg } from './upi-qr.js';

/** Everything the PDF prints, read in a constant number of statements. */
export async function readInvoicePdfFacts(context: AppContext, row: InvoiceRow): Promise<InvoicePdfFacts> {
  const [profile, { lines }, logo] = await Promise.all([
    findProfileOfFirm(context.db, row.firm_id),
    listLinesOf(context.db, [row.id]),
    findLogoOfFirm(context.db, row.firm_id),
  ]);
  if (!profile) failConflict(INVOICE_MESSAGES.noProfile);
  const { supplier, recipient, signatory } = await readPartiesOf(context.db, profile, row);
  const balance = balanceDueOf(row);
  return {
    status: row.status as Invoice['status'],
    number: row.number,
    invoiceDate: row.invoice_date,
    dueDate: row.due_date,
    supplyKind: row.supply_kind as SupplyKind,
    localHead: row.local_head as InvoicePdfFacts['localHead'],
    supplier,
    recipient,
    placeOfSupply: row.place_of_supply
      ? { state: row.place_of_supply, code: findStateCode(row.place_of_supply) }
      : null,
    // The read brings the lines of the invoice's credit notes too: the invoice prints its own.
    lines: lines
      .filter((line) => line.invoice_id === row.id)
      .map((line) => ({
        description: line.description,
        sac: line.sac,
        quantity: line.quantity,
        ratePaise: line.rate_paise,
        discountPaise: line.discount_paise,
        taxablePaise: line.taxable_paise,
        gstRateBp: line.gst_rate_bp,
        cgstPaise: line.cgst_paise,
        localPaise: line.local_paise,
        igstPaise: line.igst_paise,
      })),
    totals: {
      taxablePaise: row.taxable_paise,
      cgstPaise: row.cgst_paise,
      localPaise: row.local_paise,
      igstPaise: row.igst_paise,
      roundOffPaise: row.round_off_paise,
      totalPaise: row.total_paise,
      reverseChargePaise: row.reverse_charge_paise,
    },
    balanceDuePaise: balance,
    bank: {
      name: profile.bank_name,
      account: profile.bank_account ? openValue(context.keyring, profile.bank_account) : null,
      ifsc: profile.ifsc,
    },
    upiLink: findUpiLinkOf(row),
    upiVpa: profile.upi_vpa,
    terms: profile.terms,
    notes: row.notes,
    signatory,
    irn: row.irn ? { irn: row.irn, ackNumber: row.irn_ack_number, ackDate: row.irn_ack_date } : null,
    irnRequired: isIrnRequired(row),
    cancelReason: row.status === 'cancelled' ? row.cancel_reason : null,
    logo: logo ? Buffer.from(logo.content) : null,
  };
}

/**
 * `GET /api/invoices/{id}/pdf`: the invoice's PDF, ready to stream, and its file name, for a caller who
 * may read the invoice; each download is in the activity log, as a stored file's is.
 */
export async function openInvoicePdf(context: AppContext, actor: Actor, id: number, ip: string) {
  const row = await findReadableInvoice(context, actor, id);
  const pdf = renderInvoicePdf(await readInvoicePdfFacts(context, row));
  const at = context.clock.now();
  await recordInvoiceEvent(context.db, 'invoice.download', {
    actorId: actor.id,
    invoiceId: id,
    number: row.number,
    ip,
    at,
  });
  return { pdf, fileName: invoicePdfFileName(row) };
}

/**
 * `GET /api/invoices/{id}/upi-qr`: the QR the PDF prints, for a screen (the client pays from its phone's
 * page by opening the link, or from another device by scanning): the balance due's, or none.
 */
export async function readInvoiceUpiQr(context: AppContext, actor: Actor, id: number): Promise<InvoiceUpiQr> {
  const upiLink = findUpiLinkOf(await findReadableInvoice(context, actor, id));
  return { upi_link: upiLink, svg: upiLink ? renderQrSvg(upiLink) : null };
}

/** `POST /api/invoices/{id}/pdf-link`: a short-lived link to the PDF for the caller, who may read it. */
export async function makeInvoicePdfLink(context: AppContext, actor: Actor, id: number): Promise<InvoicePdfLink> {
  const row = await findReadableInvoice(context, actor, id);
  return signInvoicePdfLink(context.appKey, row.id, actor.id, context.clock.now());
}

/**
 * `PUT /api/invoices/{id}/irn`: the IRN and acknowledgement the IRP gave an issued B2B invoice of a firm
 * that e-invoices (typed in: the portal reaches no IRP). Entered again, it is corrected; each save audited.
 */
export async function saveInvoiceIrn(
  context: AppContext,
  actor: Actor,
  id: number,
  input: InvoiceIrnInput,
  ip: string,
): Promise<Invoice & InvoiceEInvoice> {
  const row = await findInvoice(context, actor, id);
  if (!isIrnRequired(row)) failConflict(M.irnNotRequired);
  const at = context.clock.now();
  if (input.ack_date < row.invoice_date) failValidation('ack_date', M.ackBeforeInvoice);
  if (input.ack_date > indianDateOf(at)) failValidation('ack_date', M.ackInFuture);
  try {
    await context.db.transaction().execute(async (trx) => {
      const values = { irn: input.irn, irn_ack_number: input.ack_number, irn_ack_date: input.ack_date };
      // Cancelled meanwhile: a void invoice takes no IRN.
      if (!(await writeInvoiceIrn(trx, id, { ...values, updated_at: at.toISOString() })))
        failConflict(M.irnNotRequired);
      await recordInvoiceEvent(trx, 'invoice.irn', { actorId: actor.id, invoiceId: id, number: row.number, ip, at });
    });
  } catch (error) {
    if (isUniqueViolation(error)) failValidation('irn', M.irnTaken);
    throw error;
  }
  return readInvoice(context, actor, id) as Promise<Invoice & InvoiceEInvoice>;
}
