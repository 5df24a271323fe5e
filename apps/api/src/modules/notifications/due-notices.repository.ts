import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * One notice of `kind` for every open work item due from `from` to `to` (ISO dates, either end open),
 * to its assignee, or to the firm's MPC when nobody is assigned; each recipient active. Written by the
 * database in one INSERT ... SELECT, with `on conflict do nothing` on the recipient's key
 * `<kind>:<item id>`: however often and on however many processes it runs, an item gets one notice of a
 * kind. Reads the open items through `work_items_open_due_index`. Answers how many were added.
 */
export async function insertDueNotices(
  db: Kysely<DB>,
  values: { kind: 'work_due_soon' | 'work_overdue'; from: string | null; to: string; now: string },
): Promise<number> {
  const kind = sql.lit(values.kind);
  const prefix = sql.lit(`${values.kind}:`);
  const from = values.from === null ? sql`` : sql`and w.due_date >= ${values.from}`;
  const result = await sql`insert into notifications
      (user_id, kind, client_id, service_id, work_item_id, subject, detail, dedupe_key, created_at)
    select recipient.id, ${kind}, w.client_id, w.service_id, w.id, w.title, w.due_date,
      ${prefix} || cast(w.id as varchar(20)), ${values.now}
    from work_items w
    inner join users recipient on recipient.id = coalesce(w.assignee_id, w.firm_id)
    where w.is_open = 1 ${from} and w.due_date <= ${values.to} and recipient.status = 'active'
    on conflict (user_id, dedupe_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
