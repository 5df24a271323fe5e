import { defineMigration } from '../migration-helpers.js';

/**
 * Files only the firm sees (issue 24): each file and folder is `shared` with the client (as every one was
 * until now) or `firm` only. A client sees an item only when it and every folder above it are shared
 * (docs/decisions/0039-files-only-the-firm-sees.md).
 */
export const fileVisibilityMigration = defineMigration(async (db) => {
  for (const table of ['files', 'folders'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('visibility', 'varchar(8)', (column) => column.notNull().defaultTo('shared'))
      .execute();
  }
});
