import type { CalendarQuery } from '@portal/contract/compliance';
import {
  CALENDAR_ITEMS_PER_DAY,
  type WorkCalendar,
  type WorkItem,
  type WorkItemAnswer,
  type WorkListQuery,
  type WorkPage,
  type WorkStatus,
} from '@portal/contract/work';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { readPage } from '../../http/paged.js';
import { presentHistory, presentWorkItem } from './work.presenter.js';
import { findReachableWorkItem, presentFor, todayOf, workPartsFor } from './work-access.js';
import { countKeptDays, countKeptWork, isKeptCountable } from './work-counts.repository.js';
import { readRequestsOfWorkItem } from './work-hooks.js';
import type { WorkItemRow } from './work-item-query.js';
import { listHistory, listNamesOf } from './work-items.repository.js';
import { countWork, listWork } from './work-lists.repository.js';
import type { ScopePart, WorkFilters } from './work-scope-filters.js';
import { SEARCH_COUNT_CAP } from './work-search.js';
import { type CalendarPick, countCalendarDays, listCalendarItems } from './work-summaries.repository.js';

/** A list's query as the repository's filters. */
export function filtersOf(query: Omit<WorkListQuery, 'page' | 'limit'>, today: string): WorkFilters {
  return {
    ...(query.status ? { statuses: query.status } : {}),
    ...(query.service_id !== undefined ? { serviceId: query.service_id } : {}),
    ...(query.client_id !== undefined ? { clientId: query.client_id } : {}),
    ...(query.assignee_id !== undefined ? { assignee: query.assignee_id } : {}),
    ...(query.due_from ? { dueFrom: query.due_from } : {}),
    ...(query.due_to ? { dueTo: query.due_to } : {}),
    ...(query.overdue ? { overdueBefore: today } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
}

/** `GET /api/work`: a page of the caller's work, by due date (earliest first unless asked otherwise). */
export async function listWorkItems(context: AppContext, actor: Actor, query: WorkListQuery): Promise<WorkPage> {
  const parts = await workPartsFor(context, actor);
  const today = todayOf(context);
  const filters = filtersOf(query, today);
  const direction = query.order ?? 'asc';
  // The count first: a page past the middle of the list is read from its end.
  const { total, capped } = await countListed(context, parts, filters);
  const cursor = query.after ? { after: query.after } : query.before ? { before: query.before } : {};
  const page = await readPage(
    query,
    async () => total,
    (offset, limit) => listWork(context.db, parts, filters, { direction, offset, limit, total, capped, ...cursor }),
    (row) => presentFor(actor, row, today),
  );
  return { ...page, total_capped: capped };
}

/** The items of a list: the MPC's firm from its kept counts (a few hundred rows), any other part counted. */
async function countListed(context: AppContext, parts: ScopePart[], filters: WorkFilters) {
  let total = 0;
  let capped = false;
  for (const part of parts) {
    const counted =
      part.wholeFirm !== undefined && isKeptCountable(filters)
        ? { total: await countKeptWork(context.db, part.wholeFirm, filters), capped: false }
        : await countWork(context.db, [part], filters);
    total += counted.total;
    capped ||= counted.capped;
  }
  // A search's count stopped at the cap says "more than the cap", whatever the other parts hold.
  return capped ? { total: SEARCH_COUNT_CAP, capped } : { total, capped };
}

/** `GET /api/work/{id}`: staff read the item with its history; a client its summary; both its requests. */
export async function readWorkItem(context: AppContext, actor: Actor, workId: number): Promise<WorkItemAnswer> {
  const row = await findReachableWorkItem(context, actor, workId);
  const today = todayOf(context);
  const item = presentFor(actor, row, today);
  const requests = await readRequestsOfWorkItem.call(context, actor, row, item.permissions.files);
  if (actor.role === 'client') return { ...item, ...requests };
  const history = await listHistory(context.db, row.id);
  const people = history
    .filter((entry) => entry.field === 'assignee' || entry.field === 'reviewer')
    .flatMap((entry) => [entry.from_value, entry.to_value]);
  const ids = [...people, row.created_by].filter((id) => id !== null).map(Number);
  const names = await listNamesOf(context.db, [...new Set(ids)]);
  return {
    ...presentWorkItem(row, today, (item as WorkItem).permissions, row.created_by ? names.get(row.created_by) : null),
    history: history.map((entry) => presentHistory(entry, names)),
    ...requests,
  };
}

/**
 * `GET /api/compliance/calendar`: per day of the range, the counts and the first few items by name,
 * narrowed by the list's own client, service and assignee filters. Each part's days are counted in one
 * statement (the MPC's firm from its kept counts), then every named item is read in one more.
 */
export async function readCalendar(context: AppContext, actor: Actor, query: CalendarQuery): Promise<WorkCalendar> {
  const parts = await workPartsFor(context, actor);
  const today = todayOf(context);
  const { from, to, ...narrowing } = query;
  const range = { from, to };
  const filters = filtersOf(narrowing, today);
  const picks: CalendarPick[] = [];
  const days = new Map<string, { total: number; open: number }>();
  for (const part of parts) {
    const counted =
      part.wholeFirm !== undefined && isKeptCountable(filters)
        ? await countKeptDays(context.db, part.wholeFirm, range, filters)
        : await countCalendarDays(context.db, part, range, filters);
    for (const day of counted) {
      const sum = days.get(day.due_date) ?? { total: 0, open: 0 };
      days.set(day.due_date, { total: sum.total + day.total, open: sum.open + day.open });
      const open = Math.min(day.open, CALENDAR_ITEMS_PER_DAY);
      const closed = Math.min(day.total - day.open, CALENDAR_ITEMS_PER_DAY - open);
      picks.push({ part, dueDate: day.due_date, open, closed });
    }
  }
  const items = await listCalendarItems(context.db, picks, filters);
  // Open items first, then by id: each part gave its first of each kind, so the day's first are among them.
  items.sort((a, b) => b.is_open - a.is_open || a.id - b.id);
  return {
    from: range.from,
    to: range.to,
    today,
    days: [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, day]) => ({
        date,
        total: day.total,
        open: day.open,
        overdue: date < today ? day.open : 0,
        items: items
          .filter((item) => item.due_date === date)
          .slice(0, CALENDAR_ITEMS_PER_DAY)
          .map((item) => ({
            id: item.id,
            title: item.title,
            client_name: `${item.client_first_name} ${item.client_last_name}`.trim(),
            status: item.status as WorkStatus,
            overdue: item.is_open === 1 && item.due_date < today,
          })),
      })),
  };
}

/** Every item the list's filters select, a batch at a time in the list's order (the CSV export). */
export async function* readWorkForExport(
  context: AppContext,
  actor: Actor,
  query: Omit<WorkListQuery, 'page' | 'limit'>,
): AsyncGenerator<WorkItemRow[]> {
  const parts = await workPartsFor(context, actor);
  const filters = filtersOf(query, todayOf(context));
  const direction = query.order ?? 'asc';
  let after: { dueDate: string; id: number } | undefined;
  for (;;) {
    const rows = await listWork(context.db, parts, filters, { direction, limit: 500, ...(after ? { after } : {}) });
    if (rows.length > 0) yield rows;
    if (rows.length < 500) return;
    const last = rows[rows.length - 1] as WorkItemRow;
    after = { dueDate: last.due_date, id: last.id };
  }
}
