import { OPEN_WORK_STATUSES, WORK_STATUSES } from '@portal/contract/work';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { WorkFilters } from './work-scope-filters.js';

// Reads the counts the triggers of migration 0064 keep (docs/decisions/0049-work-counts.md): a firm's
// items per status and due date (assignee_key -1), and per assignee (0: nobody).

const OPEN = new Set<string>(OPEN_WORK_STATUSES);

/** Whether the kept counts answer these filters: a client's, a service's or a searched list count their rows. */
export const isKeptCountable = (filters: WorkFilters) =>
  filters.clientId === undefined && filters.serviceId === undefined && !filters.q;

const assigneeKeyOf = (filters: WorkFilters) =>
  filters.assignee === undefined ? -1 : filters.assignee === 'none' ? 0 : filters.assignee;

/** The statuses the filters leave (overdue: the open ones), or undefined for every status. */
function statusesOf(filters: WorkFilters): string[] | undefined {
  const chosen = filters.statuses;
  if (!filters.overdueBefore) return chosen;
  return (chosen ?? OPEN_WORK_STATUSES).filter((status) => OPEN.has(status));
}

function keptRows(db: Kysely<DB>, firmId: number, filters: WorkFilters) {
  const statuses = statusesOf(filters);
  let query = db
    .selectFrom('work_item_counts')
    .where('firm_id', '=', firmId)
    .where('assignee_key', '=', assigneeKeyOf(filters));
  if (statuses) query = query.where('status', 'in', statuses.length > 0 ? statuses : ['']);
  if (filters.dueFrom) query = query.where('due_date', '>=', filters.dueFrom);
  if (filters.dueTo) query = query.where('due_date', '<=', filters.dueTo);
  if (filters.overdueBefore) query = query.where('due_date', '<', filters.overdueBefore);
  return query;
}

/** The items of a firm its filters select (isKeptCountable), summed from the kept counts. */
export async function countKeptWork(db: Kysely<DB>, firmId: number, filters: WorkFilters): Promise<number> {
  const row = await keptRows(db, firmId, filters)
    .select(sql<number>`coalesce(sum(total), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export type KeptDay = { due_date: string; total: number; open: number };

/** Per due date of a range, a firm's items and its open ones, in one statement over the kept counts. */
export async function countKeptDays(
  db: Kysely<DB>,
  firmId: number,
  range: { from: string; to: string },
  filters: WorkFilters,
): Promise<KeptDay[]> {
  // Every status named, so the statement seeks each status's range of days rather than the firm's rows.
  const rows = await keptRows(db, firmId, {
    statuses: [...WORK_STATUSES],
    ...filters,
    dueFrom: range.from,
    dueTo: range.to,
  })
    .select([
      'due_date',
      sql<number>`sum(total)`.as('total'),
      sql<number>`sum(case when status in (${sql.join(OPEN_WORK_STATUSES)}) then total else 0 end)`.as('open'),
    ])
    .groupBy('due_date')
    .execute();
  return rows.map((row) => ({ due_date: row.due_date, total: Number(row.total), open: Number(row.open) }));
}

/** A firm's items due in a range, per status, from the kept counts. */
export async function countKeptByStatus(
  db: Kysely<DB>,
  firmId: number,
  range: { from: string; to: string },
): Promise<Map<string, number>> {
  const rows = await keptRows(db, firmId, { statuses: [...WORK_STATUSES], dueFrom: range.from, dueTo: range.to })
    .select(['status', sql<number>`sum(total)`.as('total')])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.total)]));
}

/** A firm's open items per assignee (null: nobody) and how many are overdue, from the kept counts. */
export async function countKeptOpenByAssignee(
  db: Kysely<DB>,
  firmId: number,
  today: string,
): Promise<Map<number | null, { open: number; overdue: number }>> {
  const rows = await db
    .selectFrom('work_item_counts')
    .select([
      'assignee_key',
      sql<number>`sum(total)`.as('open'),
      sql<number>`sum(case when due_date < ${today} then total else 0 end)`.as('overdue'),
    ])
    .where('firm_id', '=', firmId)
    .where('assignee_key', '>=', 0)
    .where('status', 'in', [...OPEN_WORK_STATUSES])
    .groupBy('assignee_key')
    .execute();
  return new Map(
    rows.map((row) => [
      row.assignee_key === 0 ? null : row.assignee_key,
      { open: Number(row.open), overdue: Number(row.overdue) },
    ]),
  );
}
