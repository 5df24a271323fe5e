import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** A place in the open items' order by due date, then id. */
export type DueKey = { due_date: string; id: number };

type DueRange = { from: string | null; to: string; after: DueKey | null; until: DueKey | null };

/** Open items due from `from` to `to` (either end open) strictly after `after` and up to `until`, in `(due_date, id)` order. */
function whereDueBetween(range: DueRange) {
  const from = range.from === null ? sql`` : sql`and w.due_date >= ${range.from}`;
  // Spelt as a due-date range first, so both databases read `work_items_open_due_index` by range.
  const after = range.after
    ? sql`and w.due_date >= ${range.after.due_date} and (w.due_date > ${range.after.due_date} or w.id > ${range.after.id})`
    : sql``;
  const until = range.until
    ? sql`and w.due_date <= ${range.until.due_date} and (w.due_date < ${range.until.due_date} or w.id <= ${range.until.id})`
    : sql``;
  return sql`w.is_open = 1 ${from} and w.due_date <= ${range.to} ${after} ${until}`;
}

/**
 * Where a chunk of `size` open items due in the range after `after` ends: its last item's key, or null
 * when fewer than `size` are left (the chunk runs to the range's end). Read from the index alone.
 */
export async function findDueChunkEnd(
  db: Kysely<DB>,
  range: { from: string | null; to: string; after: DueKey | null; size: number },
): Promise<DueKey | null> {
  const result = await sql<DueKey>`select w.due_date, w.id from work_items w
    where ${whereDueBetween({ ...range, until: null })}
    order by w.due_date, w.id limit 1 offset ${range.size - 1}`.execute(db);
  return result.rows[0] ?? null;
}

/**
 * One notice of `kind` for every open work item due in the range (ISO dates, and the chunk's keys), to
 * its assignee, or to the firm's MPC when nobody is assigned; each recipient active. Written by the
 * database in one INSERT ... SELECT, with `on conflict do nothing` on the recipient's key
 * `<kind>:<item id>`: however often and on however many processes it runs, an item gets one notice of a
 * kind. Reads the open items through `work_items_open_due_index`. Answers how many were added.
 */
export async function insertDueNotices(
  db: Kysely<DB>,
  values: DueRange & { kind: 'work_due_soon' | 'work_overdue'; now: string },
): Promise<number> {
  const kind = sql.lit(values.kind);
  const prefix = sql.lit(`${values.kind}:`);
  const result = await sql`insert into notifications
      (user_id, kind, client_id, service_id, work_item_id, subject, detail, dedupe_key, created_at)
    select recipient.id, ${kind}, w.client_id, w.service_id, w.id, w.title, w.due_date,
      ${prefix} || cast(w.id as varchar(20)), ${values.now}
    from work_items w
    inner join users recipient on recipient.id = coalesce(w.assignee_id, w.firm_id)
    where ${whereDueBetween(values)} and recipient.status = 'active'
    on conflict (user_id, dedupe_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
