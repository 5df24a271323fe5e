import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { applyCountChanges, type ChangesOf, createCountTable, createStatementCountTriggers } from './count-tables.js';
import { createIndexes } from './table-parts.js';

const KEY = sql`firm_id, assignee_key, status, due_date`;

// SQLite, per row: an item counts once in its firm's row (assignee_key -1) and once in its assignee's (0: nobody).
const ADD_NEW = sql`insert into work_item_counts (firm_id, assignee_key, status, due_date, total)
  values (new.firm_id, -1, new.status, new.due_date, 1), (new.firm_id, coalesce(new.assignee_id, 0), new.status, new.due_date, 1)
  on conflict (${KEY}) do update set total = work_item_counts.total + 1`;
const OLD_ROWS = sql`firm_id = old.firm_id and status = old.status and due_date = old.due_date
  and assignee_key in (-1, coalesce(old.assignee_id, 0))`;
const TAKE_OLD = sql`update work_item_counts set total = total - 1 where ${OLD_ROWS};
  delete from work_item_counts where ${OLD_ROWS} and total = 0`;

// PostgreSQL, per statement: the changed rows' keys, netted, applied in key order (count-tables.ts).
const changesOf: ChangesOf = (rows, sign) =>
  sql`select firm_id, -1 as assignee_key, status, due_date, ${sql.lit(sign)} as delta from ${sql.raw(rows)}
    union all select firm_id, coalesce(assignee_id, 0), status, due_date, ${sql.lit(sign)} from ${sql.raw(rows)}`;
const applyChanges = applyCountChanges(
  'work_item_counts',
  KEY,
  sql`counted.firm_id = changed.firm_id and counted.assignee_key = changed.assignee_key
      and counted.status = changed.status and counted.due_date = changed.due_date`,
);

/**
 * Every page of the Work tab shows its total, and the calendar its days' counts. Counted from
 * `work_items`, that reads one index entry per item of the firm's range: some 10 ms for an MPC's
 * 80k items still to do, on every page. The items are kept counted per firm, status and due date, and
 * per assignee, by triggers (as the firm's role counts are, 0023), so no write path can leave them
 * behind; a list sums a few hundred of these rows instead (docs/decisions/0049-work-counts.md). One
 * more index reads an assignee's items of one firm alone, without a lookup of each item's firm.
 */
export const workCountsMigration = defineMigration(async (db, { dialect }) => {
  await createCountTable(db, 'work_item_counts', {
    firm_id: 'integer',
    // -1: every item of the firm; 0: the items nobody is assigned; else the assignee's id.
    assignee_key: 'integer',
    status: 'varchar(20)',
    due_date: 'varchar(10)',
  });
  await sql`insert into work_item_counts (${KEY}, total)
    select firm_id, -1, status, due_date, count(*) from work_items group by firm_id, status, due_date
    union all
    select firm_id, coalesce(assignee_id, 0), status, due_date, count(*) from work_items
    group by firm_id, coalesce(assignee_id, 0), status, due_date`.execute(db);
  await createIndexes(db, 'work_items', {
    work_items_firm_assignee_open_due_index: ['firm_id', 'assignee_id', 'is_open', 'due_date', 'id'],
  });
  if (dialect === 'sqlite') {
    await sql`create trigger work_item_counts_insert after insert on work_items begin ${ADD_NEW}; end`.execute(db);
    await sql`create trigger work_item_counts_delete after delete on work_items begin ${TAKE_OLD}; end`.execute(db);
    await sql`create trigger work_item_counts_update after update of firm_id, assignee_id, status, due_date on work_items
      when old.firm_id <> new.firm_id or old.assignee_id is not new.assignee_id or old.status <> new.status
        or old.due_date <> new.due_date
      begin ${TAKE_OLD}; ${ADD_NEW}; end`.execute(db);
    return;
  }
  await createStatementCountTriggers(db, { counts: 'work_item_counts', table: 'work_items' }, changesOf, applyChanges);
});
