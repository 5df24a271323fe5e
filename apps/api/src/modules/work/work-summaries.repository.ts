import { CALENDAR_ITEMS_PER_DAY } from '@portal/contract/work';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { filterConditions, type ScopePart, type WorkFilters } from './work-lists.repository.js';

type WorkEb = ExpressionBuilder<DB, 'work_items'>;
const inPart = (part: ScopePart) => (eb: ExpressionBuilder<DB, 'work_items'>) => part(eb as WorkEb);

/** Open items of a scope due before `before` (overdue) or within a range, counted. */
export async function countOpenDue(
  db: Kysely<DB>,
  parts: ScopePart[],
  range: { from?: string; before?: string; to?: string },
): Promise<number> {
  let total = 0;
  for (const part of parts) {
    let query = db
      .selectFrom('work_items')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(inPart(part))
      .where('work_items.is_open', '=', 1);
    if (range.from) query = query.where('work_items.due_date', '>=', range.from);
    if (range.before) query = query.where('work_items.due_date', '<', range.before);
    if (range.to) query = query.where('work_items.due_date', '<=', range.to);
    total += Number((await query.executeTakeFirstOrThrow()).total);
  }
  return total;
}

/** Items due in a range, per status. */
export async function countByStatus(
  db: Kysely<DB>,
  parts: ScopePart[],
  range: { from: string; to: string },
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const part of parts) {
    const rows = await db
      .selectFrom('work_items')
      .select(['work_items.status', (eb) => eb.fn.countAll<number>().as('total')])
      .where(inPart(part))
      .where('work_items.due_date', '>=', range.from)
      .where('work_items.due_date', '<=', range.to)
      .groupBy('work_items.status')
      .execute();
    for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + Number(row.total));
  }
  return counts;
}

/** Open items per assignee (null: nobody), with how many of them are overdue. */
export async function countOpenByAssignee(
  db: Kysely<DB>,
  parts: ScopePart[],
  today: string,
): Promise<Map<number | null, { open: number; overdue: number }>> {
  const counts = new Map<number | null, { open: number; overdue: number }>();
  for (const part of parts) {
    const rows = await db
      .selectFrom('work_items')
      .select([
        'work_items.assignee_id',
        (eb) => eb.fn.countAll<number>().as('open'),
        sql<number>`sum(case when work_items.due_date < ${today} then 1 else 0 end)`.as('overdue'),
      ])
      .where(inPart(part))
      .where('work_items.is_open', '=', 1)
      .groupBy('work_items.assignee_id')
      .execute();
    for (const row of rows) {
      const entry = counts.get(row.assignee_id) ?? { open: 0, overdue: 0 };
      counts.set(row.assignee_id, {
        open: entry.open + Number(row.open),
        overdue: entry.overdue + Number(row.overdue),
      });
    }
  }
  return counts;
}

export type CalendarDayCount = { due_date: string; total: number; open: number; overdue: number };

/** Per day of a range: items due, open ones, overdue ones. */
export async function countCalendarDays(
  db: Kysely<DB>,
  parts: ScopePart[],
  range: { from: string; to: string; today: string },
  filters: WorkFilters = {},
): Promise<CalendarDayCount[]> {
  const days = new Map<string, CalendarDayCount>();
  for (const part of parts) {
    const rows = await db
      .selectFrom('work_items')
      .select([
        'work_items.due_date',
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`sum(work_items.is_open)`.as('open'),
        sql<number>`sum(case when work_items.is_open = 1 and work_items.due_date < ${range.today} then 1 else 0 end)`.as(
          'overdue',
        ),
      ])
      .where(inPart(part))
      .where((eb) => filterConditions(eb, filters, part))
      .where('work_items.due_date', '>=', range.from)
      .where('work_items.due_date', '<=', range.to)
      .groupBy('work_items.due_date')
      .execute();
    for (const row of rows) {
      const day = days.get(row.due_date) ?? { due_date: row.due_date, total: 0, open: 0, overdue: 0 };
      day.total += Number(row.total);
      day.open += Number(row.open);
      day.overdue += Number(row.overdue);
      days.set(row.due_date, day);
    }
  }
  return [...days.values()].sort((a, b) => a.due_date.localeCompare(b.due_date));
}

/** The first items of each day of a range (open ones first), at most CALENDAR_ITEMS_PER_DAY a day. */
export async function listCalendarItems(
  db: Kysely<DB>,
  parts: ScopePart[],
  range: { from: string; to: string },
  filters: WorkFilters = {},
) {
  const rows = [];
  for (const part of parts) {
    const ranked = db
      .selectFrom('work_items')
      .$call(joinPersonName('client', 'work_items.client_id', 'inner'))
      .select([
        'work_items.id',
        'work_items.title',
        'work_items.due_date',
        'work_items.status',
        'work_items.is_open',
        sql<number>`row_number() over (partition by work_items.due_date order by work_items.is_open desc, work_items.id)`.as(
          'place',
        ),
      ])
      .where(inPart(part))
      .where((eb) => filterConditions(eb as unknown as WorkEb, filters, part))
      .where('work_items.due_date', '>=', range.from)
      .where('work_items.due_date', '<=', range.to);
    rows.push(
      ...(await db
        .selectFrom(ranked.as('ranked'))
        .selectAll()
        .where('ranked.place', '<=', CALENDAR_ITEMS_PER_DAY)
        .orderBy('ranked.due_date')
        .orderBy('ranked.is_open', 'desc')
        .orderBy('ranked.id')
        .execute()),
    );
  }
  return rows;
}
