import type { ReadyListQuery, ReadyPage } from '@portal/contract/billing-ready';
import { indianDateOf } from '@portal/contract/plain-dates';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import type { DB } from '../../db/schema.js';
import { billingFirmOf } from './invoices.service.js';
import {
  isUnbilledPerItemWork,
  listHeldPeriods,
  listHeldPeriodsOfFirm,
  listPeriodFees,
  listReadyWork,
  sumReadyWork,
} from './ready.repository.js';
import { listUnbilledPeriods, presentReadyWork } from './ready-entries.js';

/**
 * `GET /api/billing/ready`: the firm's unbilled per-item work, newest first (`kind=work`, `before` an
 * item), or its retainer and one-off fees' unbilled periods (`kind=fees`, a page of fees `after` one).
 */
export async function listReady(context: AppContext, actor: Actor, query: ReadyListQuery): Promise<ReadyPage> {
  const firmId = billingFirmOf(actor);
  if (query.kind === 'work') {
    const rows = await listReadyWork(context.db, firmId, { beforeId: query.before ?? null, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const next = rows.length > query.limit ? (page.at(-1)?.id ?? null) : null;
    return { data: page.map(presentReadyWork), next_before: next, next_after: null };
  }
  const fees = await listPeriodFees(context.db, firmId, { afterId: query.after ?? null, limit: query.limit + 1 });
  const page = fees.slice(0, query.limit);
  const held = await listHeldPeriods(context.db, [...new Set(page.map((fee) => fee.client_id))]);
  const today = indianDateOf(context.clock.now());
  const next = fees.length > query.limit ? (page.at(-1)?.id ?? null) : null;
  return { data: listUnbilledPeriods(page, held, today), next_before: null, next_after: next };
}

/** What the firm's ready-to-bill entries are worth, in paise: one sum and two reads of its fees. */
export async function sumUnbilled(context: AppContext, firmId: number): Promise<number> {
  const [work, fees, held] = await Promise.all([
    sumReadyWork(context.db, firmId),
    listPeriodFees(context.db, firmId, { afterId: null, limit: null }),
    listHeldPeriodsOfFirm(context.db, firmId),
  ]);
  const today = indianDateOf(context.clock.now());
  return listUnbilledPeriods(fees, held, today).reduce((sum, entry) => sum + entry.amount_paise, work);
}

/** Work's guard before completion (app.ts provides it): a per-item fee's item that no live invoice bills. */
export function isUnbilledFeeWork(db: Kysely<DB>, workId: number): Promise<boolean> {
  return isUnbilledPerItemWork(db, workId);
}
