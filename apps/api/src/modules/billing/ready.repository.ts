import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Filed or completed: the literal the partial index `work_items_closed_index` is defined by. */
const closedWork = sql<boolean>`work_items.status in ('filed', 'completed')`;

/** What every ready entry names: the fee, the client and the service. */
const ENTRY_COLUMNS = [
  'fee.amount_paise',
  'fee.gst_rate_bp',
  'client.first_name',
  'client.last_name',
  'services.service_name',
  'services.sac_code',
] as const;

/** Work items with their client service's per-item fee (none: not charged per item, not joined). */
function selectWorkWithPerItemFee(db: Kysely<DB>) {
  return db
    .selectFrom('work_items')
    .innerJoin('client_service_fees as fee', (join) =>
      join
        .onRef('fee.client_id', '=', 'work_items.client_id')
        .onRef('fee.service_id', '=', 'work_items.service_id')
        .on('fee.basis', '=', 'per_item'),
    );
}

/** No live invoice bills the item (the held links' unique index answers it). */
const notBilled = (eb: ExpressionBuilder<DB, 'work_items'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('invoice_billed_work as held')
        .select('held.id')
        .whereRef('held.work_item_id', '=', 'work_items.id')
        .where('held.released_at', 'is', null),
    ),
  );

function selectPerItemWork(db: Kysely<DB>, firmId: number) {
  return selectClosedPerItemWork(db, firmId).where(notBilled);
}

function selectClosedPerItemWork(db: Kysely<DB>, firmId: number) {
  return selectWorkWithPerItemFee(db)
    .innerJoin('users as client', 'client.id', 'work_items.client_id')
    .innerJoin('services', 'services.id', 'work_items.service_id')
    .select([
      'work_items.id',
      'work_items.client_id',
      'work_items.service_id',
      'work_items.title',
      'work_items.period',
      'work_items.status',
      'work_items.filed_on',
      'work_items.updated_at',
      'work_items.assignee_id',
      ...ENTRY_COLUMNS,
    ])
    .where('work_items.firm_id', '=', firmId)
    .where(closedWork);
}

/**
 * A page of the firm's unbilled per-item work, newest first: the partial index of closed items in id order,
 * each checked against the held links' unique index, so a page reads about its own length of rows.
 */
export function listReadyWork(db: Kysely<DB>, firmId: number, page: { beforeId: number | null; limit: number }) {
  let query = selectPerItemWork(db, firmId);
  if (page.beforeId !== null) query = query.where('work_items.id', '<', page.beforeId);
  return query.orderBy('work_items.id', 'desc').limit(page.limit).execute();
}

export type ReadyWorkRow = Awaited<ReturnType<typeof listReadyWork>>[number];

/** Of `ids`, the firm's filed or completed per-item work, billed or not (the draft tells a billed one). */
export function findClosedPerItemWork(db: Kysely<DB>, firmId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as ReadyWorkRow[]);
  return selectClosedPerItemWork(db, firmId).where('work_items.id', 'in', ids).execute();
}

/** What the firm's unbilled per-item work is worth, in paise (the dashboard's figure). */
export async function sumReadyWork(db: Kysely<DB>, firmId: number): Promise<number> {
  const row = await selectPerItemWork(db, firmId)
    .clearSelect()
    .select((eb) => eb.fn.sum<string | number | null>('fee.amount_paise').as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

function selectFees(db: Kysely<DB>, firmId: number) {
  return (
    db
      .selectFrom('client_service_fees as fee')
      .innerJoin('users as client', 'client.id', 'fee.client_id')
      .innerJoin('services', 'services.id', 'fee.service_id')
      .select(['fee.id', 'fee.client_id', 'fee.service_id', 'fee.basis', 'fee.created_at', ...ENTRY_COLUMNS])
      .where('fee.firm_id', '=', firmId)
      .where('fee.basis', '!=', 'per_item')
      // A retainer stops with the service (the client dropped it) or the client (disabled).
      .where('client.status', '!=', 'deactivated')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_services')
            .select('user_services.user_id')
            .whereRef('user_services.user_id', '=', 'fee.client_id')
            .whereRef('user_services.service_id', '=', 'fee.service_id'),
        ),
      )
  );
}

/** A page of the firm's retainer and one-off fees, by id (a firm has one per client service at most). */
export function listPeriodFees(db: Kysely<DB>, firmId: number, page: { afterId: number | null; limit: number | null }) {
  let query = selectFees(db, firmId);
  if (page.afterId !== null) query = query.where('fee.id', '>', page.afterId);
  query = query.orderBy('fee.id');
  return (page.limit === null ? query : query.limit(page.limit)).execute();
}

export type PeriodFeeRow = Awaited<ReturnType<typeof listPeriodFees>>[number];

/** The firm's retainer or one-off fees of some client services. */
export function findPeriodFees(db: Kysely<DB>, firmId: number, clientIds: number[]) {
  if (clientIds.length === 0) return Promise.resolve([] as PeriodFeeRow[]);
  return selectFees(db, firmId).where('fee.client_id', 'in', clientIds).execute();
}

/** The periods live invoices bill for some clients' services. */
export function listHeldPeriods(db: Kysely<DB>, clientIds: number[]) {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoice_billed_periods')
    .select(['client_id', 'service_id', 'period_key', 'invoice_id', 'line_id'])
    .where('client_id', 'in', clientIds)
    .where('released_at', 'is', null)
    .execute();
}

/** The periods the firm's live invoices bill. */
export function listHeldPeriodsOfFirm(db: Kysely<DB>, firmId: number) {
  return db
    .selectFrom('invoice_billed_periods as held')
    .innerJoin('invoices', 'invoices.id', 'held.invoice_id')
    .select(['held.client_id', 'held.service_id', 'held.period_key'])
    .where('invoices.firm_id', '=', firmId)
    .where('held.released_at', 'is', null)
    .execute();
}

/** Whether the item is charged per item (its client service's fee) and no live invoice bills it. */
export async function isUnbilledPerItemWork(db: Kysely<DB>, workId: number): Promise<boolean> {
  const row = await selectWorkWithPerItemFee(db)
    .select('work_items.id')
    .where('work_items.id', '=', workId)
    // Billed means on an issued invoice: a draft naming it may still be changed or dropped.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invoice_billed_work as held')
            .innerJoin('invoices as billing', 'billing.id', 'held.invoice_id')
            .select('held.id')
            .whereRef('held.work_item_id', '=', 'work_items.id')
            .where('held.released_at', 'is', null)
            .where('billing.status', '!=', 'draft'),
        ),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}
