import { defineMigration } from '../migration-helpers.js';
import { actedOnBy } from './table-parts.js';

/**
 * Maker-checker (issue 22): an item sent to review names its reviewer (`reviewer_id`); who moved it on
 * from review and when (`verified_by`, `verified_at`), and the reviewer's note (`review_note`). A
 * reviewer's open reviews are read by reviewer, so they get an index of their own.
 */
export const createMakerCheckerMigration = defineMigration(async (db, { timestamp }) => {
  await db.schema.alterTable('work_items').addColumn('reviewer_id', 'integer', actedOnBy).execute();
  await db.schema.alterTable('work_items').addColumn('verified_by', 'integer', actedOnBy).execute();
  await db.schema.alterTable('work_items').addColumn('verified_at', timestamp).execute();
  await db.schema.alterTable('work_items').addColumn('review_note', 'varchar(2000)').execute();
  await db.schema.createIndex('work_items_reviewer_index').on('work_items').columns(['reviewer_id', 'id']).execute();
});
