import { type ColumnDataType, type CreateTableBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../database.js';
import { required } from './table-parts.js';

// Tables of counts and the triggers that keep them in step with the rows they count (0013, 0023, 0064,
// 0066), as the shipped migrations wrote them: never change what these write (docs/decisions/0003);
// test/schema-snapshot.test.ts fails on any change.

/** `name (<key columns>, total)`, all required, its primary key `<name>_pk` the key columns in order. */
export async function createCountTable(
  db: Kysely<unknown>,
  name: string,
  key: Record<string, ColumnDataType>,
): Promise<void> {
  let table: CreateTableBuilder<string, string> = db.schema.createTable(name);
  for (const [column, type] of Object.entries(key)) table = table.addColumn(column, type, required);
  await table.addColumn('total', 'integer', required).addPrimaryKeyConstraint(`${name}_pk`, Object.keys(key)).execute();
}

/** Counts kept per row: `addNew` counts the new row in, `takeOld` counts the old one out. */
export interface RowCountTriggers {
  /** The triggers' prefix and, on PostgreSQL, the function's name. */
  name: string;
  table: string;
  addNew: RawBuilder<unknown>;
  takeOld: RawBuilder<unknown>;
  /** The columns whose change moves a row to another count, and when it does, in each dialect. */
  updateOf: string;
  sqliteWhen: string;
  postgresWhen: string;
}

/** The row triggers of `counts` on either dialect: insert, delete, and an update that moves a row. */
export async function createRowCountTriggers(
  db: Kysely<unknown>,
  dialect: DialectName,
  counts: RowCountTriggers,
): Promise<void> {
  const { addNew, takeOld } = counts;
  const [name, table, updateOf] = [sql.raw(counts.name), sql.raw(counts.table), sql.raw(counts.updateOf)];
  if (dialect === 'sqlite') {
    await sql`create trigger ${sql.raw(`${counts.name}_insert`)} after insert on ${table}
          begin ${addNew}; end`.execute(db);
    await sql`create trigger ${sql.raw(`${counts.name}_delete`)} after delete on ${table}
          begin ${takeOld}; end`.execute(db);
    await sql`create trigger ${sql.raw(`${counts.name}_update`)} after update of ${updateOf} on ${table}
          when ${sql.raw(counts.sqliteWhen)}
          begin ${takeOld}; ${addNew}; end`.execute(db);
    return;
  }
  await sql`create function ${name}() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then ${takeOld}; end if;
          if tg_op <> 'DELETE' then ${addNew}; end if;
          return null;
        end $$`.execute(db);
  await sql`create trigger ${sql.raw(`${counts.name}_insert_delete`)} after insert or delete on ${table}
        for each row execute function ${name}()`.execute(db);
  await sql`create trigger ${sql.raw(`${counts.name}_update`)} after update of ${updateOf} on ${table}
        for each row when (${sql.raw(counts.postgresWhen)}) execute function ${name}()`.execute(db);
}

/** The rows a statement changed, as key columns and a `delta` of 1 (new rows) or -1 (old rows). */
export type ChangesOf = (rows: 'new_rows' | 'old_rows', sign: 1 | -1) => RawBuilder<unknown>;

/**
 * PostgreSQL, per statement: the changed rows' keys (`key`), netted, added to `counts` in key order (so
 * two transactions take the rows they share in the same order), and the keys left at zero removed;
 * `sameKey` matches a row of `counts` (`counted`) to a changed key (`changed`).
 */
export const applyCountChanges =
  (counts: string, key: RawBuilder<unknown>, sameKey: RawBuilder<unknown>) => (changes: RawBuilder<unknown>) =>
    sql`
  insert into ${sql.raw(counts)} (${key}, total)
    select ${key}, sum(delta) from (${changes}) changes
    group by ${key} having sum(delta) <> 0 order by ${key}
    on conflict (${key}) do update set total = ${sql.raw(counts)}.total + excluded.total;
  delete from ${sql.raw(counts)} counted using (${changes}) changed
    where ${sameKey} and counted.total = 0`;

/** PostgreSQL: `<counts>_apply()` and its insert, delete and update triggers on `table`, run per statement. */
export async function createStatementCountTriggers(
  db: Kysely<unknown>,
  { counts, table }: { counts: string; table: string },
  changesOf: ChangesOf,
  applyChanges: (changes: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<void> {
  const apply = sql.raw(`${counts}_apply`);
  await sql`create function ${apply}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${applyChanges(changesOf('new_rows', 1))};
      elsif tg_op = 'DELETE' then ${applyChanges(changesOf('old_rows', -1))};
      else ${applyChanges(sql`${changesOf('new_rows', 1)} union all ${changesOf('old_rows', -1)}`)};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger ${sql.raw(`${counts}_insert`)} after insert on ${sql.raw(table)}
    referencing new table as new_rows for each statement execute function ${apply}()`.execute(db);
  await sql`create trigger ${sql.raw(`${counts}_delete`)} after delete on ${sql.raw(table)}
    referencing old table as old_rows for each statement execute function ${apply}()`.execute(db);
  await sql`create trigger ${sql.raw(`${counts}_update`)} after update on ${sql.raw(table)}
    referencing old table as old_rows new table as new_rows for each statement execute function ${apply}()`.execute(db);
}
