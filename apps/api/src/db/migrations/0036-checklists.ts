import { sql } from 'kysely';
import { defineMigration } from '../migration-helpers.js';
import { actedOnBy, addUpdaterAndTimestamps, createUniqueIndexes, ofService, partOf, required } from './table-parts.js';

/**
 * Checklists per service (issue 22, docs/decisions/0030): the platform's template per catalogue service
 * (`firm_id` null) and a firm's own (its MPC's id), their ordered steps, each work item's copy with who
 * ticked a step and when, and the firm setting that holds filing until the checklist is done.
 */
export const createChecklistsMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('checklist_templates')
    .addColumn('service_id', 'integer', ofService)
    .addColumn('firm_id', 'integer', (column) => column.references('users.id').onDelete('cascade'))
    .$call(addUpdaterAndTimestamps(timestamp))
    .execute();
  // One template per firm and service, and one platform template per service (null firm ids differ).
  await createUniqueIndexes(db, 'checklist_templates', {
    checklist_templates_service_firm_unique: ['service_id', 'firm_id'],
  });
  await db.schema
    .createIndex('checklist_templates_platform_unique')
    .on('checklist_templates')
    .column('service_id')
    .unique()
    .where(sql.ref('firm_id'), 'is', null)
    .execute();

  await createTableWithId('checklist_template_steps')
    .addColumn('template_id', 'integer', partOf('checklist_templates'))
    .addColumn('position', 'integer', required)
    .addColumn('label', 'varchar(200)', required)
    .execute();
  await createUniqueIndexes(db, 'checklist_template_steps', {
    checklist_template_steps_template_index: ['template_id', 'position'],
  });

  await createTableWithId('work_item_checklist_steps')
    .addColumn('work_item_id', 'integer', partOf('work_items'))
    .addColumn('position', 'integer', required)
    .addColumn('label', 'varchar(200)', required)
    .addColumn('done_by', 'integer', actedOnBy)
    .addColumn('done_at', timestamp)
    .execute();
  await createUniqueIndexes(db, 'work_item_checklist_steps', {
    work_item_checklist_steps_work_index: ['work_item_id', 'position'],
  });

  await db.schema
    .alterTable('firm_settings')
    .addColumn('checklist_before_closing', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
});
