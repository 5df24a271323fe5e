import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * What an invoice still asks of its client. Receipts are being built (issue 23): until invoices keep a
 * `balance_paise`, the balance is the total; this one expression is where the switch happens (the
 * summary's outstanding, the reminders, the overdue filter all read it).
 */
export function invoiceBalance(_eb: ExpressionBuilder<DB, 'invoices'>) {
  return sql<number>`invoices.total_paise`;
}

/** The invoice statuses that still ask for money: issued and partly paid. */
export const UNPAID_STATUSES = ['issued', 'partly_paid'] as const;

/**
 * What the firm collected with invoice dates from `from` to `to` (India dates), in paise. No receipts
 * exist yet: 0, in this one function until the receipts table lands.
 */
export async function sumCollected(_db: Kysely<DB>, _firmId: number, _from: string, _to: string): Promise<number> {
  return 0;
}

/**
 * What the firm collected by a report's key (a month `2026-04`, a service id, an assignee id), in paise.
 * No receipts yet: none; filled here when receipts land.
 */
export async function listCollectedBy(
  _db: Kysely<DB>,
  _firmId: number,
  _range: { from: string; to: string },
  _by: 'month' | 'service' | 'assignee',
): Promise<Map<string, number>> {
  return new Map();
}
