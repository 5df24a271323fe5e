import { type Kysely, sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { applyCountChanges, type ChangesOf, createCountTable, createStatementCountTriggers } from './count-tables.js';

const KEY = sql`firm_id, status`;

// SQLite, per row: a request counts once in its firm's row for its status.
const ADD_NEW = sql`insert into document_request_counts (firm_id, status, total) values (new.firm_id, new.status, 1)
  on conflict (${KEY}) do update set total = document_request_counts.total + 1`;
const OLD_ROW = sql`firm_id = old.firm_id and status = old.status`;
const TAKE_OLD = sql`update document_request_counts set total = total - 1 where ${OLD_ROW};
  delete from document_request_counts where ${OLD_ROW} and total = 0`;

// PostgreSQL, per statement: the changed rows' keys, netted, applied in key order (as 0064 keeps work
// counts, count-tables.ts).
const changesOf: ChangesOf = (rows, sign) =>
  sql`select firm_id, status, ${sql.lit(sign)} as delta from ${sql.raw(rows)}`;
const applyChanges = applyCountChanges(
  'document_request_counts',
  KEY,
  sql`counted.firm_id = changed.firm_id and counted.status = changed.status`,
);

/**
 * Every page of a firm's document requests shows its total. Counted from `document_requests`, that reads
 * one index entry per request of the firm's range (20k open ones at the probe firm: 1-1.6 ms a page).
 * The requests are kept counted per firm and status by triggers, as work items are (0064,
 * docs/decisions/0049-work-counts.md), so no write path (a request made, closed, cancelled with its item,
 * an erasure, a cascade from its work item or client) can leave them behind; the MPC's list reads one
 * row (docs/decisions/0052-request-counts.md).
 */
/** The table and its rows counted as they stand; the caller keeps other writers out until its triggers exist. */
async function createCounted(db: Kysely<unknown>): Promise<void> {
  await createCountTable(db, 'document_request_counts', { firm_id: 'integer', status: 'varchar(12)' });
  await sql`insert into document_request_counts (${KEY}, total)
    select firm_id, status, count(*) from document_requests group by firm_id, status`.execute(db);
}

export const requestCountsMigration = defineMigration(async (db, { dialect }) => {
  // A request another process writes between the count and the triggers would be counted by neither,
  // for good. SQLite: one transaction (the migrator runs none there), which holds the write lock from the
  // count on. PostgreSQL: the migrator's transaction, and writers of the table wait from here to its end.
  if (dialect === 'sqlite') {
    await db.transaction().execute(async (trx) => {
      await createCounted(trx);
      await sql`create trigger document_request_counts_insert after insert on document_requests
      begin ${ADD_NEW}; end`.execute(trx);
      await sql`create trigger document_request_counts_delete after delete on document_requests
      begin ${TAKE_OLD}; end`.execute(trx);
      await sql`create trigger document_request_counts_update after update of firm_id, status on document_requests
      when old.firm_id <> new.firm_id or old.status <> new.status
      begin ${TAKE_OLD}; ${ADD_NEW}; end`.execute(trx);
    });
    return;
  }
  await sql`lock table document_requests in share row exclusive mode`.execute(db);
  await createCounted(db);
  await createStatementCountTriggers(
    db,
    { counts: 'document_request_counts', table: 'document_requests' },
    changesOf,
    applyChanges,
  );
});
