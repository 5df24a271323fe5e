import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The API project's global setup: tags this run's PostgreSQL schemas and databases (throwaway-names.ts)
 * and, when every file is done, drops any of them still there: a file whose hooks failed before its own
 * cleanup ran. Other runs on the same server (another checkout, CI) carry other tags and are left alone.
 */
export default function setup(): () => Promise<void> {
  const tag = `r${randomBytes(3).toString('hex')}`;
  process.env.PORTAL_TEST_RUN = tag;
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const pattern = `%\\_${tag}\\_%`;
      const schemas = await client.query<{ name: string }>(
        'select schema_name as name from information_schema.schemata where schema_name like $1',
        [pattern],
      );
      for (const { name } of schemas.rows) await client.query(`drop schema if exists "${name}" cascade`);
      const databases = await client.query<{ name: string }>(
        'select datname as name from pg_database where datname like $1',
        [pattern],
      );
      for (const { name } of databases.rows) await client.query(`drop database if exists "${name}" with (force)`);
      if (schemas.rows.length + databases.rows.length > 0)
        console.warn(
          `Dropped ${schemas.rows.length} schema(s) and ${databases.rows.length} database(s) a test left behind.`,
        );
    } finally {
      await client.end();
    }
  };
}
