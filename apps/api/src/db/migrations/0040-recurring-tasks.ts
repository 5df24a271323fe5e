import { defineMigration } from '../migration-helpers.js';
import {
  addCreatorAndTimestamps,
  addFirmClientAndService,
  createIndexes,
  createUniqueIndexes,
  required,
} from './table-parts.js';

/**
 * Recurring non-statutory work (issue 22, docs/decisions/0033): a task the MPC defines for one client
 * service (monthly bookkeeping, quarterly MIS) with the calendar's cadences and due-date rule, and the
 * work items planned from it, one per task and period (`work_items.recurring_task_id`), whatever how
 * often planning runs, as statutory items are one per client, rule and period.
 */
export const createRecurringTasksMigration = defineMigration(async (db, { timestamp, createTableWithId }) => {
  await createTableWithId('recurring_tasks')
    .$call(addFirmClientAndService)
    .addColumn('title', 'varchar(150)', required)
    .addColumn('cadence', 'varchar(10)', required)
    .addColumn('due_day', 'integer', required)
    .addColumn('months_after', 'integer', required)
    .addColumn('starts_on', 'varchar(12)', required)
    .addColumn('ends_on', 'varchar(12)')
    .addColumn('active', 'integer', required)
    // When the task last started planning (created or resumed): no period due before it is planned.
    .addColumn('active_since', timestamp, required)
    .$call(addCreatorAndTimestamps(timestamp))
    .execute();
  await createIndexes(db, 'recurring_tasks', {
    recurring_tasks_client_index: ['client_id', 'id'],
    recurring_tasks_active_index: ['active', 'id'],
  });

  await db.schema
    .alterTable('work_items')
    .addColumn('recurring_task_id', 'integer', (column) => column.references('recurring_tasks.id'))
    .execute();
  await createUniqueIndexes(db, 'work_items', { work_items_recurring_period_unique: ['recurring_task_id', 'period'] });
});
