import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { createTestDatabase, listTestDialects } from './support/test-database.js';

/**
 * The schema the migrations leave, written out as text and kept beside this test. A shipped migration is
 * never edited (docs/decisions/0003), so a change of this text must come with a new migration: run
 * `npx vitest run --project api -u test/schema-snapshot.test.ts` (on both dialects) and commit the new
 * snapshots with it. A refactoring of migrations must leave both files as they are.
 */
describe.each(listTestDialects())('the schema after every migration on %s', (dialect) => {
  it('is the one in schema-snapshots/', async () => {
    const test = await createTestDatabase(dialect);
    try {
      const dump = dialect === 'sqlite' ? await dumpSqliteSchema(test.database) : await dumpPostgresSchema();
      await expect(dump).toMatchFileSnapshot(`./schema-snapshots/${dialect}.txt`);
    } finally {
      await test.drop();
    }

    /** The throw-away schema of this test, read through its own client so the pool's type parsers stay out. */
    async function dumpPostgresSchema(): Promise<string> {
      const schema = await test.database.db
        .selectNoFrom((eb) => eb.fn<string>('current_schema').as('name'))
        .executeTakeFirstOrThrow();
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        return await readPostgresSchema(client, schema.name);
      } finally {
        await client.end();
      }
    }
  });
});

async function dumpSqliteSchema(database: Database): Promise<string> {
  const rows = await database.db
    .selectFrom('sqlite_master' as never)
    .select(['type', 'name', 'tbl_name', 'sql'] as never[])
    .orderBy('name' as never)
    .execute();
  return rows.map((row) => JSON.stringify(row)).join('\n');
}

/** Columns, constraints, indexes, triggers and functions, with the schema's random name taken out. */
async function readPostgresSchema(client: pg.Client, schema: string): Promise<string> {
  const queries: Record<string, string> = {
    columns: `select table_name, column_name, ordinal_position, data_type, udt_name, character_maximum_length,
        numeric_precision, column_default, is_nullable, is_identity, collation_name
      from information_schema.columns where table_schema = $1 order by table_name, ordinal_position`,
    constraints: `select t.relname as table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.connamespace = $1::regnamespace order by t.relname, c.conname`,
    indexes: `select tablename, indexname, indexdef from pg_indexes where schemaname = $1 order by tablename, indexname`,
    triggers: `select t.tgname, c.relname, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = $1::regnamespace and not t.tgisinternal order by c.relname, t.tgname`,
    functions: `select p.proname, pg_get_functiondef(p.oid) as definition
      from pg_proc p where p.pronamespace = $1::regnamespace order by p.proname`,
    sequences: `select sequence_name, data_type, start_value, increment from information_schema.sequences
      where sequence_schema = $1 order by sequence_name`,
  };
  const sections: string[] = [];
  for (const [name, sql] of Object.entries(queries)) {
    const { rows } = await client.query(sql, [schema]);
    sections.push(`-- ${name}`, ...rows.map((row) => JSON.stringify(row)));
  }
  return sections.join('\n').replaceAll(schema, '<schema>');
}
