import { SAC_CODES } from '@portal/contract/billing';
import {
  READY_MESSAGES as R,
  type ReadyDrafts,
  type ReadyDraftsAnswer,
  type ReadySelection,
} from '@portal/contract/billing-ready';
import { type InvoiceDraft, INVOICE_MESSAGES as M, MAX_LINES } from '@portal/contract/invoices';
import { addDays, indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { failValidation, HttpError } from '../../http/http-error.js';
import { findBillableClient } from './billable-client.js';
import { billingFirmOf, insertDraft } from './invoices.service.js';
import { findClosedPerItemWork, findPeriodFees } from './ready.repository.js';
import { labelFeePeriod, listChargedPeriods } from './ready-entries.js';

/** Drafts from ready to bill fall due this many days after today unless the MPC says otherwise. */
const DEFAULT_DUE_DAYS = 15;

type DraftLine = InvoiceDraft['lines'][number];
const KNOWN_SAC = new Set<string>(SAC_CODES.map((entry) => entry.code));

/**
 * One line per entry, from its fee: the work item's title ("GSTR-3B · Apr 2026") or the service and period
 * ("Accounting · Apr 2026"), the service's SAC, quantity 1 at the fee.
 */
async function buildLines(context: AppContext, firmId: number, entries: ReadySelection[], today: string) {
  const workIds = entries.flatMap((entry) => ('work_item_id' in entry ? [entry.work_item_id] : []));
  const clientIds = entries.flatMap((entry) => ('client_id' in entry ? [entry.client_id] : []));
  const [work, fees] = await Promise.all([
    findClosedPerItemWork(context.db, firmId, workIds),
    findPeriodFees(context.db, firmId, [...new Set(clientIds)]),
  ]);
  return entries.map((entry, index): { clientId: number; line: DraftLine } => {
    const field = `entries.${index}`;
    const source =
      'work_item_id' in entry
        ? work.find((row) => row.id === entry.work_item_id)
        : fees.find((row) => row.client_id === entry.client_id && row.service_id === entry.service_id);
    if (!source) failValidation(field, 'work_item_id' in entry ? R.workNotReady : R.periodNotReady);
    if (!source.sac_code || !KNOWN_SAC.has(source.sac_code)) failValidation(field, R.noSac);
    const base = {
      sac: source.sac_code as DraftLine['sac'],
      quantity: 1,
      rate_paise: source.amount_paise,
      discount_paise: 0,
      gst_rate_bp: source.gst_rate_bp,
    };
    if ('work_item_id' in entry) {
      const item = work.find((row) => row.id === entry.work_item_id) as (typeof work)[number];
      // A statutory item's title names its return and period ("GSTR-3B · Apr 2026"); a one-off's, the task.
      const description = item.title.slice(0, 300);
      return { clientId: item.client_id, line: { ...base, description, work_item_ids: [item.id], period: null } };
    }
    const fee = source as (typeof fees)[number];
    if (!listChargedPeriods(fee, today).includes(entry.period_key)) failValidation(field, R.periodNotReady);
    const description = `${fee.service_name} · ${labelFeePeriod(entry.period_key)}`.slice(0, 300);
    const period = { service_id: fee.service_id, period_key: entry.period_key };
    return { clientId: fee.client_id, line: { ...base, description, work_item_ids: [], period } };
  });
}

/** A refusal's one message: the field's, else the envelope's. */
const messageOf = (error: HttpError) => Object.values(error.errors).flat()[0] ?? error.message;

/**
 * `POST /api/billing/ready/drafts`: one draft per client of the chosen entries, dated today (India), with
 * `createDraft`'s checks and tax; each client's draft is made whole or not at all, and an entry billed
 * meanwhile refuses its client's draft with the clear message while the other clients' are made.
 */
export async function createReadyDrafts(
  context: AppContext,
  actor: Actor,
  input: ReadyDrafts,
  ip: string,
): Promise<ReadyDraftsAnswer> {
  const firmId = billingFirmOf(actor);
  const today = indianDateOf(context.clock.now());
  const dueDate = input.due_date ?? addDays(today, DEFAULT_DUE_DAYS);
  if (dueDate < today) failValidation('due_date', M.dueBeforeDate);
  const byClient = new Map<number, DraftLine[]>();
  for (const { clientId, line } of await buildLines(context, firmId, input.entries, today))
    byClient.set(clientId, [...(byClient.get(clientId) ?? []), line]);
  const answer: ReadyDraftsAnswer = { made: [], refused: [] };
  for (const [clientId, lines] of byClient) {
    const client = await findBillableClient(context, actor, clientId);
    if (lines.length > MAX_LINES) {
      answer.refused.push({ client_id: clientId, message: M.linesTooMany });
      continue;
    }
    const draft: InvoiceDraft = { client_id: clientId, invoice_date: today, due_date: dueDate, notes: null, lines };
    try {
      answer.made.push({ client_id: clientId, invoice_id: await insertDraft(context, actor, client, draft, ip) });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
      answer.refused.push({ client_id: clientId, message: messageOf(error) });
    }
  }
  return answer;
}
