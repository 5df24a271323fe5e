import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { joinPersonName } from '../../db/person-name.js';
import type { DB } from '../../db/schema.js';
import { filterConditions, type ScopePart, type WorkFilters } from './work-scope-filters.js';

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

export type CalendarDayCount = { due_date: string; total: number; open: number };

/** Per day of a range: a part's items due and its open ones, in one statement. */
export async function countCalendarDays(
  db: Kysely<DB>,
  part: ScopePart,
  range: { from: string; to: string },
  filters: WorkFilters = {},
): Promise<CalendarDayCount[]> {
  const rows = await db
    .selectFrom('work_items')
    .select([
      'work_items.due_date',
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number>`sum(work_items.is_open)`.as('open'),
    ])
    .where(inPart(part))
    .where((eb) => filterConditions(eb, filters, part))
    .where('work_items.due_date', '>=', range.from)
    .where('work_items.due_date', '<=', range.to)
    .groupBy('work_items.due_date')
    .execute();
  return rows.map((row) => ({ due_date: row.due_date, total: Number(row.total), open: Number(row.open) }));
}

/** How many of a part's open and closed items of one day a calendar names. */
export type CalendarPick = { part: ScopePart; dueDate: string; open: number; closed: number };

/**
 * The items a calendar names, in one statement: per day and part, the first open ones by id, then the first
 * closed ones, each a short range of the part's index for that day (never the day's items ranked whole).
 */
export async function listCalendarItems(db: Kysely<DB>, picks: CalendarPick[], filters: WorkFilters = {}) {
  const ranges = picks.flatMap((pick) =>
    ([1, 0] as const)
      .map((isOpen) => ({ pick, isOpen, take: isOpen === 1 ? pick.open : pick.closed }))
      .filter((range) => range.take > 0),
  );
  if (ranges.length === 0) return [];
  const members = ranges.map(({ pick, isOpen, take }) =>
    db
      .selectFrom('work_items')
      .select('work_items.id')
      .where(inPart(pick.part))
      .where((eb) => filterConditions(eb as unknown as WorkEb, filters, pick.part))
      .where('work_items.due_date', '=', pick.dueDate)
      .where('work_items.is_open', '=', isOpen)
      .orderBy('work_items.id')
      .limit(take),
  );
  // A power of two of ranges (the last repeated), so a month's days make a few statement texts, not one each.
  while ((members.length & (members.length - 1)) !== 0) members.push(members[members.length - 1] as never);
  const ids = sql.join(
    members.map((member, index) => sql`select id from ${member} as ${sql.id(`day_${index}`)}`),
    sql` union all `,
  );
  return db
    .selectFrom('work_items')
    .$call(joinPersonName('client', 'work_items.client_id', 'inner'))
    .select(['work_items.id', 'work_items.title', 'work_items.due_date', 'work_items.status', 'work_items.is_open'])
    .where('work_items.id', 'in', sql<number>`(${ids})`)
    .execute();
}
