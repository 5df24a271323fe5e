import type { Receipt, ReceiptListQuery, ReceiptPage } from '@portal/contract/receipts';
import { RECEIPT_MESSAGES as M } from '@portal/contract/receipts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { failNotFound } from '../../http/http-error.js';
import { billingFirmOf, ownBillingClientOf } from './invoices.service.js';
import { presentReceipt } from './receipt.presenter.js';
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
