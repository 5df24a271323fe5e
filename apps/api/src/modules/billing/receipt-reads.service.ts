import { INVOICE_MESSAGES } from '@portal/contract/invoices';
import type { Receipt, ReceiptListQuery, ReceiptPage } from '@portal/contract/receipts';
import { RECEIPT_MESSAGES as M } from '@portal/contract/receipts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failConflict, failNotFound } from '../../http/http-error.js';
import { billingFirmOf, ownBillingClientOf } from './invoices.service.js';
import { findProfileOfFirm } from './profile.repository.js';
import { presentReceipt } from './receipt.presenter.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { findReceiptWithin, listAllocationsOf, listReceiptsWithin } from './receipts.repository.js';

/** One receipt as answered, within the firm or the client, or 404. */
export async function readReceiptById(
  db: Kysely<DB>,
  within: { firmId: number } | { clientId: number },
  id: number,
  warnings: string[] = [],
): Promise<Receipt> {
  const row = await findReceiptWithin(db, within, id);
  if (!row) failNotFound(M.notFound);
  return presentReceipt(row, await listAllocationsOf(db, [id]), warnings);
}

/** Where the caller's receipts are: the client's own, or its firm's for a biller (403 for other staff). */
function receiptsWithin(actor: Actor): { firmId: number } | { clientId: number } {
  const ownClient = ownBillingClientOf(actor);
  return ownClient === null ? { firmId: billingFirmOf(actor) } : { clientId: ownClient };
}

/** `GET /api/receipts/{id}`: the firm's billers, or the client its own; 404 for anyone else's. */
export function readReceipt(context: AppContext, actor: Actor, id: number): Promise<Receipt> {
  return readReceiptById(context.db, receiptsWithin(actor), id);
}

/** `GET /api/receipts`: newest first by keyset; the firm's (one client's with `client_id`), or the client's own. */
export async function listReceipts(context: AppContext, actor: Actor, query: ReceiptListQuery): Promise<ReceiptPage> {
  const within = receiptsWithin(actor);
  const scope = 'firmId' in within ? { firmId: within.firmId, clientId: query.client_id } : within;
  const rows = await listReceiptsWithin(context.db, scope, { beforeId: query.before ?? null, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const allocations = await listAllocationsOf(
    context.db,
    page.map((row) => row.id),
  );
  return {
    data: page.map((row) => presentReceipt(row, allocations)),
    next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * `GET /api/receipts/{id}/pdf`: the receipt as a PDF, for whoever reads the receipt (the firm's billers, the
 * client its own), with the firm as its billing profile names it now.
 */
export async function openReceiptPdf(context: AppContext, actor: Actor, id: number) {
  const row = await findReceiptWithin(context.db, receiptsWithin(actor), id);
  if (!row) return failNotFound(M.notFound);
  const [allocations, profile] = await Promise.all([
    listAllocationsOf(context.db, [id]),
    findProfileOfFirm(context.db, row.firm_id),
  ]);
  if (!profile) return failConflict(INVOICE_MESSAGES.noProfile);
  const receipt = presentReceipt(row, allocations);
  const firm = {
    legalName: profile.legal_name,
    address: profile.address,
    gstin: profile.gstin,
    pan: profile.pan,
    signatory: profile.signatory,
  };
  return { pdf: renderReceiptPdf({ receipt, firm }), fileName: `${receipt.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf` };
}
