import type { BillingSummary } from '@portal/contract/billing-ready';
import { indianDateOf } from '@portal/contract/plain-dates';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { sumBilledOfFirm } from './billing-summary.repository.js';
import { sumCollected } from './invoice-balance.repository.js';
import { billingFirmOf } from './invoices.service.js';
import { sumUnbilled } from './ready.service.js';

/** The first day of the financial year (April) holding an India date. */
function startOfFinancialYear(today: string): string {
  const year = Number(today.slice(0, 4));
  return `${Number(today.slice(5, 7)) >= 4 ? year : year - 1}-04-01`;
}

/**
 * `GET /api/billing/summary`: billed (issued invoices less credit notes, by invoice date) and collected this
 * month and financial year (India dates), outstanding, and what ready to bill is worth: a few statements.
 */
export async function readBillingSummary(context: AppContext, actor: Actor): Promise<BillingSummary> {
  const firmId = billingFirmOf(actor);
  const today = indianDateOf(context.clock.now());
  const since = { month: `${today.slice(0, 7)}-01`, year: startOfFinancialYear(today) };
  const [billed, collectedMonth, collectedYear, unbilled] = await Promise.all([
    sumBilledOfFirm(context.db, firmId, since),
    sumCollected(context.db, firmId, since.month, today),
    sumCollected(context.db, firmId, since.year, today),
    sumUnbilled(context, firmId),
  ]);
  return {
    month: { billed_paise: billed.month, collected_paise: collectedMonth },
    financial_year: { billed_paise: billed.year, collected_paise: collectedYear },
    outstanding_paise: billed.outstanding,
    unbilled_paise: unbilled,
  };
}
