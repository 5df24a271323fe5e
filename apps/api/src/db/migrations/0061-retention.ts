import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { readShippedRetentionSchedule } from '../retention-schedule.js';
import { actedOnBy, addFirmAndClient, required } from './table-parts.js';

/**
 * Retention with legal holds (issue 25, docs/decisions/0046):
 * - `retention_classes`: the schedule, seeded from apps/api/data/retention-schedule.json, then the admin's.
 * - `services.record_class`: the class a service's records are kept under (GST by its name, audit by its
 *   name, every other service's as books of account; the admin changes it).
 * - `legal_holds`: a client held by its firm (at most one hold in force per client); released, not deleted.
 * - `retention_holds`: what an erasure kept, per client, class and financial year, until a day; the daily
 *   purge removes those records then, and the row.
 * - `users.erased_at`; `firm_settings.pmla_reporting_entity` (1: the firm keeps client due diligence).
 */
export const retentionMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('retention_classes')
    .addColumn('key', 'varchar(40)', (column) => column.notNull().unique())
    .addColumn('label', 'varchar(200)', required)
    .addColumn('months', 'integer', required)
    .addColumn('anchor', 'varchar(40)', required)
    .addColumn('source', 'varchar(500)', required)
    .addColumn('pmla_only', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer', actedOnBy)
    .addColumn('updated_at', timestamp)
    .execute();
  for (const row of readShippedRetentionSchedule())
    await db
      .insertInto('retention_classes' as never)
      .values({
        key: row.key,
        label: row.label,
        months: row.months,
        anchor: row.anchor,
        source: row.source,
        pmla_only: row.pmla_only ? 1 : 0,
      } as never)
      .execute();

  await db.schema
    .alterTable('services')
    .addColumn('record_class', 'varchar(40)', (column) => column.notNull().defaultTo('books_of_account'))
    .execute();
  await sql`update services set record_class = 'gst_records' where lower(service_name) like '%gst%'`.execute(db);
  await sql`update services set record_class = 'audit_working_papers' where lower(service_name) like '%audit%'`.execute(
    db,
  );

  await createTableWithId('legal_holds')
    .$call(addFirmAndClient)
    .addColumn('reason', 'varchar(1000)', required)
    .addColumn('placed_by', 'integer', actedOnBy)
    .addColumn('placed_at', timestamp, required)
    .addColumn('released_by', 'integer', actedOnBy)
    .addColumn('released_at', timestamp)
    .addColumn('release_note', 'varchar(1000)')
    .execute();
  await sql`create index legal_holds_client_index on legal_holds (client_id, id)`.execute(db);
  // One hold in force per client; the purges ask for the held clients by this index.
  await sql`create unique index legal_holds_in_force_unique on legal_holds (client_id) where released_at is null`.execute(
    db,
  );

  await createTableWithId('retention_holds')
    .$call(addFirmAndClient)
    .addColumn('record_class', 'varchar(40)', required)
    // The financial year's first calendar year (2025 for 2025-26); -1: the identity record.
    .addColumn('fy_start', 'integer', required)
    .addColumn('held_until', 'varchar(10)', required)
    .addColumn('created_at', timestamp, required)
    .execute();
  await sql`create unique index retention_holds_group_unique on retention_holds (client_id, record_class, fy_start)`.execute(
    db,
  );
  await sql`create index retention_holds_due_index on retention_holds (held_until, id)`.execute(db);

  await db.schema.alterTable('users').addColumn('erased_at', timestamp).execute();
  await db.schema
    .alterTable('firm_settings')
    .addColumn('pmla_reporting_entity', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
});
