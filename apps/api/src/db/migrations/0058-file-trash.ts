import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { actedOnBy, addClientAndService, required } from './table-parts.js';

/**
 * A trash for files and folders (issue 25, docs/decisions/0043): a deleted file or folder, with everything
 * under it, stays stored until its firm's period has passed (`firm_settings.trash_days`, null: 30 days).
 * `file_trash` holds one entry per deletion (what, from where, who, when); the rows it took keep their
 * place and are marked `deleted_at`, `deleted_by` and `trash_id` (the entry of the trashed root, so a
 * restore brings the whole tree back). Every live read filters `deleted_at is null`.
 */
export const fileTrashMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('file_trash')
    .$call(addClientAndService)
    // The client's firm, whose period the entry waits (`trash_days`).
    .addColumn('firm_id', 'integer')
    .addColumn('item_type', 'varchar(8)', required)
    .addColumn('item_id', 'integer', required)
    .addColumn('item_name', 'varchar(255)', required)
    // Where it was, as it was then: the folder's id (null: the top level) and the names down to it.
    .addColumn('from_folder_id', 'integer')
    .addColumn('from_path', 'varchar(4000)', (column) => column.notNull().defaultTo(''))
    // 1: it, or a folder above it, was firm-only when deleted (the client never sees such an entry).
    .addColumn('firm_only', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('file_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('deleted_by', 'integer', actedOnBy)
    .addColumn('deleted_at', timestamp, required)
    .execute();
  // A service's trash, newest first by keyset; and the purge, oldest first, per firm that chose its period
  // and for all the others.
  await sql`create index file_trash_service_index on file_trash (client_id, service_id, id)`.execute(db);
  await sql`create index file_trash_firm_index on file_trash (firm_id, deleted_at, id)`.execute(db);
  await sql`create index file_trash_deleted_index on file_trash (deleted_at, id)`.execute(db);

  for (const table of ['files', 'folders'] as const) {
    await db.schema.alterTable(table).addColumn('deleted_at', timestamp).execute();
    await db.schema.alterTable(table).addColumn('deleted_by', 'integer', actedOnBy).execute();
    await db.schema
      .alterTable(table)
      .addColumn('trash_id', 'integer', (column) => column.references('file_trash.id'))
      .execute();
    // The rows one deletion took: few of a table, so only they are indexed.
    await sql`create index ${sql.id(`${table}_trash_index`)} on ${sql.table(table)} (trash_id) where trash_id is not null`.execute(
      db,
    );
  }

  // A folder in the trash no longer holds its name: a new one of that name may be made beside it.
  await db.schema.dropIndex('folders_sibling_name_unique').execute();
  const siblingNames = sql.raw('client_id, service_id, coalesce(parent_id, 0), lower(folder_name), visibility');
  await sql`create unique index folders_sibling_name_unique on folders (${siblingNames}) where deleted_at is null`.execute(
    db,
  );

  await db.schema.alterTable('firm_settings').addColumn('trash_days', 'integer').execute();
});
