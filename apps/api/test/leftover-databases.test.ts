import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import setup from './support/global-database-cleanup.js';

const query = async (statement: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL as string });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as { name: string }[];
  } finally {
    await client.end();
  }
};
const schemasLike = (pattern: string) =>
  query('select schema_name as name from information_schema.schemata where schema_name like $1', [pattern]);

describe.skipIf(!process.env.TEST_DATABASE_URL)("a run's teardown on PostgreSQL", () => {
  const runTag = process.env.PORTAL_TEST_RUN;
  afterAll(async () => {
    process.env.PORTAL_TEST_RUN = runTag;
    await query('drop schema if exists test_rother_keep cascade');
  });

  it("drops the schemas and databases its files left behind, and nobody else's", async () => {
    // The project's global setup tagged this run.
    expect(runTag).toMatch(/^r[0-9a-f]{6}$/);
    // A run of its own: the tag the real run set is put back afterwards.
    const teardown = setup();
    const tag = process.env.PORTAL_TEST_RUN as string;
    process.env.PORTAL_TEST_RUN = runTag;
    // What a file whose beforeAll threw after creating them would leave.
    await query(`create schema test_${tag}_died1`);
    await query(`create table test_${tag}_died1.rows (id int)`);
    await query(`create database portal_two_${tag}_died2`);
    await query('create schema test_rother_keep');
    await teardown();
    expect(await schemasLike(`%${tag}%`)).toEqual([]);
    expect(await query('select datname as name from pg_database where datname like $1', [`%${tag}%`])).toEqual([]);
    expect(await schemasLike('test_rother_keep')).toEqual([{ name: 'test_rother_keep' }]);
    // CREATE DATABASE copies a template and syncs it: seconds alone, far more on a loaded machine.
  }, 120_000);
});
