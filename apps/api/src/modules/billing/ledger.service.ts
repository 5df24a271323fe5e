import { INVOICE_MESSAGES } from '@portal/contract/invoices';
import {
  AGEING_BUCKETS,
  type Ageing,
  type AgeingAmounts,
  type AgeingBucket,
  type AgeingQuery,
  type Ledger,
  type LedgerEntry,
  type LedgerQuery,
} from '@portal/contract/ledger';
import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import { RECEIPT_MODE_LABELS, type ReceiptMode, tdsSectionOn } from '@portal/contract/receipts';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { fullName } from '../../db/person-name.js';
import { failNotFound } from '../../http/http-error.js';
import { scopeFor } from '../../policy/authorize.js';
import { findBillableClient } from './billable-client.js';
import { findPersonWithin } from './billable-client.repository.js';
import { billingFirmOf, ownBillingClientOf } from './invoices.service.js';
import { listClientDocuments, listClientReceipts, sumAgeingByClient, sumAgeingOfFirm } from './ledger.repository.js';

/** Same-day entries in this order: the bills, their credit notes, the receipts (each one's TDS after its money). */
const ORDER = { invoice: [0, 0], credit_note: [1, 0], receipt: [2, 0], tds: [2, 1] } as const;
type Unbalanced = Omit<LedgerEntry, 'balance_paise'>;

/** `date.order.id.part`: where an entry stands, and the cursor of the page after it. */
const cursorOf = (entry: Unbalanced) => {
  const [order, part] = ORDER[entry.kind];
  return `${entry.date}.${order}.${entry.id}.${part}`;
};
/** Compares two cursors as (date, order, id, part). */
function compareCursors(left: string, right: string): number {
  const [leftDate = '', ...leftRest] = left.split('.');
  const [rightDate = '', ...rightRest] = right.split('.');
  if (leftDate !== rightDate) return leftDate < rightDate ? -1 : 1;
  for (const [index, value] of leftRest.entries()) {
    const difference = Number(value) - Number(rightRest[index]);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The client whose ledger the caller reads: its own (a client), or one it bills (403/404 otherwise). */
async function findLedgerClient(context: AppContext, actor: Actor, clientId: number) {
  if (ownBillingClientOf(actor) === null) return findBillableClient(context, actor, clientId);
  const self = await findPersonWithin(context.db, clientId, scopeFor(actor, 'billing.view_own'));
  if (!self) failNotFound(INVOICE_MESSAGES.clientNotFound);
  return { id: self.id, name: fullName(self.first_name, self.last_name) };
}

/**
 * `GET /api/clients/{id}/ledger`: the client's invoices, credit notes, receipts and TDS in date order,
 * each with the running balance, a page after the cursor. A client's entries are a few hundred: they are
 * read whole (two statements through the client's indexes) so that every page's balance is exact.
 */
export async function readLedger(
  context: AppContext,
  actor: Actor,
  clientId: number,
  query: LedgerQuery,
): Promise<Ledger> {
  const client = await findLedgerClient(context, actor, clientId);
  const [documents, receipts] = await Promise.all([
    listClientDocuments(context.db, client.id),
    listClientReceipts(context.db, client.id),
  ]);
  const entries: Unbalanced[] = [];
  for (const doc of documents) {
    const note = doc.kind === 'credit_note';
    const original = note ? documents.find((row) => row.id === doc.credit_of)?.number : null;
    entries.push({
      date: doc.invoice_date,
      kind: note ? 'credit_note' : 'invoice',
      id: doc.id,
      number: doc.number ?? '',
      description: note ? `Credit note against ${original ?? 'an invoice'}` : 'Invoice',
      debit_paise: note ? 0 : doc.total_paise,
      credit_paise: note ? doc.total_paise : 0,
    });
  }
  for (const receipt of receipts) {
    const mode = RECEIPT_MODE_LABELS[receipt.mode as ReceiptMode];
    const base = { date: receipt.receipt_date, id: receipt.id, number: receipt.number, debit_paise: 0 };
    if (receipt.amount_paise > 0)
      entries.push({
        ...base,
        kind: 'receipt',
        description: `Received by ${mode}`,
        credit_paise: receipt.amount_paise,
      });
    if (receipt.tds_paise > 0)
      entries.push({
        ...base,
        kind: 'tds',
        description: `TDS deducted by the client (${tdsSectionOn(receipt.receipt_date)})`,
        credit_paise: receipt.tds_paise,
      });
  }
  entries.sort((left, right) => compareCursors(cursorOf(left), cursorOf(right)));
  let balance = 0;
  const balanced = entries.map((entry): LedgerEntry => {
    balance += entry.debit_paise - entry.credit_paise;
    return { ...entry, balance_paise: balance };
  });
  const after = query.after;
  const rest = after ? balanced.filter((entry) => compareCursors(cursorOf(entry), after) > 0) : balanced;
  const page = rest.slice(0, query.limit);
  const last = page.at(-1);
  return {
    client_id: client.id,
    client_name: client.name,
    balance_paise: balance,
    advance_paise: receipts.reduce((sum, row) => sum + row.amount_paise + row.tds_paise - row.allocated_paise, 0),
    data: page,
    next_after: rest.length > query.limit && last ? cursorOf(last) : null,
  };
}

const zeroAmounts = (): AgeingAmounts => ({
  not_due: 0,
  days_0_30: 0,
  days_31_60: 0,
  days_61_90: 0,
  over_90: 0,
  total: 0,
});

/** The buckets of a row of sums (PostgreSQL answers a sum of bigints as text), with their total. */
function readAmounts(row: Record<AgeingBucket, unknown>): AgeingAmounts {
  const amounts = zeroAmounts();
  for (const bucket of AGEING_BUCKETS) {
    amounts[bucket] = Number(row[bucket] ?? 0);
    amounts.total += amounts[bucket];
  }
  return amounts;
}

/**
 * `GET /api/billing/ageing`: the firm's outstanding per client by days past the due date, today in
 * India: not yet due, 0-30 (due today counts 0), 31-60, 61-90, over 90; a page of clients by id (`after`),
 * and the firm's totals. Two statements, however many clients owe.
 */
export async function readAgeing(context: AppContext, actor: Actor, query: AgeingQuery): Promise<Ageing> {
  const firmId = billingFirmOf(actor);
  const today = indianDateOf(context.clock.now());
  const bounds = { today, day30: addDays(today, -30), day60: addDays(today, -60), day90: addDays(today, -90) };
  const [totals, rows] = await Promise.all([
    sumAgeingOfFirm(context.db, firmId, bounds),
    sumAgeingByClient(context.db, firmId, bounds, { afterId: query.after ?? null, limit: query.limit + 1 }),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    as_of: today,
    clients: page.map((row) => ({
      client_id: row.client_id,
      client_name: fullName(row.first_name, row.last_name),
      ...readAmounts(row),
    })),
    totals: readAmounts(totals),
    next_after: rows.length > query.limit ? (page.at(-1)?.client_id ?? null) : null,
  };
}
