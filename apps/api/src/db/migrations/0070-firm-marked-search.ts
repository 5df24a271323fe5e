import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { FIRM_ROWID_SPAN } from '../search-index.js';
import {
  USER_VALUES as UNMARKED_USER_VALUES,
  USER_ROW,
  USERS_FOLLOWED,
  WORK_ITEMS_FOLLOWED,
  WORK_ROW,
} from './0063-search-indexes.js';
import { createSearchTriggers, createTrigramTable } from './search-tables.js';

/**
 * SQLite's trigram tables of 0063 gain a leading `firm` column holding `~<firm>~`, and a search asks for
 * `firm : "~F~" AND (…)` (docs/decisions/0048-search-indexes.md, "Measured at a million users"). FTS5 does
 * not seek to a rowid range's start: it read every firm's entries of each trigram and dropped the others
 * (14 ms for "sharma" at 1M users, whatever the firm). An AND with the firm's own token moves each list to
 * that firm's entries (0.4-0.9 ms in the same test). The rowid stays `firm * 2^32 + id`.
 *
 * A contentless table takes no new column, so both are made again, filled from their rows, and their
 * triggers written with the firm's token. PostgreSQL's GIN indexes are led by the firm already (0065, 0067).
 */
const FIRM_TOKEN = (firm: string) => sql.raw(`'~' || coalesce(${firm}, 0) || '~'`);
const USER_VALUES = sql`${FIRM_TOKEN('new.firm_id')}, ${UNMARKED_USER_VALUES}`;

export const firmMarkedSearchMigration = defineMigration(async (db, { dialect }) => {
  if (dialect === 'postgres') return;
  for (const name of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.raw(`users_search_${name}`)}`.execute(db);
    await sql`drop trigger if exists ${sql.raw(`work_items_search_${name}`)}`.execute(db);
  }
  await sql`drop table users_search`.execute(db);
  await sql`drop table work_items_search`.execute(db);

  await createTrigramTable(db, 'users_search', 'firm, name, email, username, pan, gstin, mobile');
  await sql`insert into users_search (rowid, firm, name, email, username, pan, gstin, mobile)
      select coalesce(firm_id, 0) * ${sql.lit(FIRM_ROWID_SPAN)} + id, ${FIRM_TOKEN('firm_id')},
        first_name || ' ' || last_name, email, username, pan_number, gst_number, mobile_number from users`.execute(db);
  await createSearchTriggers(
    db,
    USERS_FOLLOWED,
    sql`insert into users_search (rowid, firm, name, email, username, pan, gstin, mobile)
        values (${USER_ROW('new')}, ${USER_VALUES})`,
  );

  await createTrigramTable(db, 'work_items_search', 'firm, title');
  await sql`insert into work_items_search (rowid, firm, title)
      select firm_id * ${sql.lit(FIRM_ROWID_SPAN)} + id, ${FIRM_TOKEN('firm_id')}, title from work_items`.execute(db);
  await createSearchTriggers(
    db,
    WORK_ITEMS_FOLLOWED,
    sql`insert into work_items_search (rowid, firm, title) values (${WORK_ROW('new')}, ${FIRM_TOKEN('new.firm_id')}, new.title)`,
  );
});
